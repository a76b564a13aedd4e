import { kycCalls } from '@tidemark/contract';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSubmit } from '../../../api/use-submit';
import { validateForm } from '../../../api/validate';
import { accountKeys } from '../../../features/account/api/account-queries';
import { useSubmitVerification, type PassportInput } from '../../../features/kyc/api/kyc-mutations';
import { useUserAuth, useUserAuthInfo } from '../../../features/kyc/api/kyc-queries';
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
 * verify/passport: advanced verification by passport, after primary is verified: the passport
 * number and its first page. Not available once the ID route is taken.
 */
export default function PassportVerifyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useUserAuth();
  const info = useUserAuthInfo();
  const [typed, setTyped] = useState<string | null>(null);
  const [page, setPage] = useState<PickedImage | null>(null);
  const submitVerification = useSubmitVerification([accountKeys.info]);
  const previous = info.data?.advanced;
  const passportNumber =
    typed ?? (previous?.kind === 'passport' ? previous.passportNumber : null) ?? '';

  const [busy, submit] = useSubmit(async () => {
    // A missing picture is the contract schema's to refuse (requiredItems), as on the server.
    const input = await validateForm(kycCalls.userPassportSeniorAuth, {
      passportNumber: passportNumber.replace(/\s+/g, ''),
      passportImage: page?.file,
    } as PassportInput);
    if (!input) return;
    await submitVerification.mutateAsync({ kind: 'passport', input });
    showToast(t('success.submittedForReview'), 'success');
    navigate(VERIFY_ROUTES.index, { replace: true });
  });

  let body;
  if (auth.isError && !auth.data) {
    body = <ErrorView title={t('errors.networkError')} onRetry={() => void auth.refetch()} />;
  } else if (!auth.data) {
    body = <LoadingView />;
  } else {
    const gate = verificationGate(auth.data, 'passport');
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
        <div className="form-card">
          <div className="field">
            <span className="field__label">{t('verify.fields.passportNumber')}</span>
            <Input
              name="passportNumber"
              value={passportNumber}
              onChange={(next) => setTyped(next.toUpperCase())}
              placeholder={t('verify.fields.passportNumberPlaceholder')}
              autoComplete="off"
              maxLength={20}
            />
          </div>
        </div>
        <div className="kyc-images">
          <ImageUploader
            name="passportImage"
            label={t('verify.fields.passportPage')}
            hint={t('verify.fields.passportPageHint')}
            value={page}
            onChange={setPage}
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
      <PageHeader title={t('verify.passport.title')} fallback={VERIFY_ROUTES.index} />
      <div className="page-body kyc-page">{body}</div>
    </div>
  );
}
