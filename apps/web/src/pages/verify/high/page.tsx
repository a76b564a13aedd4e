import { kycCalls } from '@tidemark/contract';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSubmit } from '../../../api/use-submit';
import { validateForm } from '../../../api/validate';
import { accountKeys } from '../../../features/account/api/account-queries';
import { useSubmitVerification, type IdentityInput } from '../../../features/kyc/api/kyc-mutations';
import { useUserAuth } from '../../../features/kyc/api/kyc-queries';
import { GateView } from '../../../features/kyc/components/gate-view';
import { verificationGate } from '../../../features/kyc/gate';
import { VERIFY_ROUTES } from '../../../features/kyc/routes';
import { ErrorView } from '../../../ui/error-view';
import { ImageUploader, type PickedImage } from '../../../ui/image-uploader';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';
import { showToast } from '../../../ui/toast';
import '../../../features/kyc/kyc.css';

/**
 * verify/high: advanced verification by ID, after primary is verified: a photo holding the ID's
 * front beside the face, and the back. Not available once the passport route is taken.
 */
export default function AdvancedIdVerifyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useUserAuth();
  const [idFront, setIdFront] = useState<PickedImage | null>(null);
  const [idBack, setIdBack] = useState<PickedImage | null>(null);
  const submitVerification = useSubmitVerification([accountKeys.info]);

  const [busy, submit] = useSubmit(async () => {
    // A missing picture is the contract schema's to refuse (requiredItems), as on the server.
    const input = await validateForm(kycCalls.userIdentitySeniorAuth, {
      idFront: idFront?.file,
      idBack: idBack?.file,
    } as IdentityInput);
    if (!input) return;
    await submitVerification.mutateAsync({ kind: 'identity', input });
    showToast(t('success.submittedForReview'), 'success');
    navigate(VERIFY_ROUTES.index, { replace: true });
  });

  let body;
  if (auth.isError && !auth.data) {
    body = <ErrorView title={t('errors.networkError')} onRetry={() => void auth.refetch()} />;
  } else if (!auth.data) {
    body = <LoadingView />;
  } else {
    const gate = verificationGate(auth.data, 'identity');
    body = !gate.open ? (
      <GateView
        gate={gate}
        onPrimary={() => navigate(VERIFY_ROUTES.primary)}
        onBack={() => navigate(VERIFY_ROUTES.index, { replace: true })}
      />
    ) : (
      <>
        {auth.data.advanced.state === 'failed' && auth.data.advanced.reason ? (
          <p className="kyc-level__reason" role="note">
            {t('verify.reason', { reason: auth.data.advanced.reason })}
          </p>
        ) : null}
        <p className="kyc-intro">{t('verify.high.text')}</p>
        <div className="kyc-images">
          <ImageUploader
            name="idFront"
            label={t('verify.fields.idInHand')}
            hint={t('verify.fields.idInHandHint')}
            value={idFront}
            onChange={setIdFront}
          />
          <ImageUploader
            name="idBack"
            label={t('verify.fields.idBack')}
            value={idBack}
            onChange={setIdBack}
          />
        </div>
        <p className="form-hint">{t('verify.photoHint')}</p>
        <div className="form-actions">
          <Button block color="primary" size="large" loading={busy} onClick={() => submit()}>
            {t('verify.submit')}
          </Button>
        </div>
        <p className="form-hint">{t('verify.advanced.exclusive')}</p>
      </>
    );
  }

  return (
    <div>
      <PageHeader title={t('verify.high.title')} fallback={VERIFY_ROUTES.index} />
      <div className="page-body kyc-page">{body}</div>
    </div>
  );
}
