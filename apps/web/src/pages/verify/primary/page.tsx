import { kycCalls } from '@tidemark/contract';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import TextArea from 'antd-mobile/es/components/text-area';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSubmit } from '../../../api/use-submit';
import { validateForm } from '../../../api/validate';
import { accountKeys, useCountries } from '../../../features/account/api/account-queries';
import { useSubmitVerification, type PrimaryInput } from '../../../features/kyc/api/kyc-mutations';
import { useUserAuth, useUserAuthInfo } from '../../../features/kyc/api/kyc-queries';
import { CountryField } from '../../../features/kyc/components/country-field';
import { GateView } from '../../../features/kyc/components/gate-view';
import { verificationGate } from '../../../features/kyc/gate';
import { VERIFY_ROUTES } from '../../../features/kyc/routes';
import { ErrorView } from '../../../ui/error-view';
import { ImageUploader, type PickedImage } from '../../../ui/image-uploader';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';
import { showToast } from '../../../ui/toast';
import '../../../features/kyc/kyc.css';

type TextField = 'country' | 'address' | 'realName' | 'idNumber';

/**
 * verify/primary: country, residence address, real name, ID number, and the ID's front and back.
 * After a failure the text fields come back filled with what was sent; the pictures are taken
 * again.
 */
export default function PrimaryVerifyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useUserAuth();
  const info = useUserAuthInfo();
  const countries = useCountries();
  const [typed, setTyped] = useState<Partial<Record<TextField, string>>>({});
  const [idFront, setIdFront] = useState<PickedImage | null>(null);
  const [idBack, setIdBack] = useState<PickedImage | null>(null);
  const submitVerification = useSubmitVerification([accountKeys.info]);

  const previous = info.data?.primary;
  const value = (field: TextField) => typed[field] ?? previous?.[field] ?? '';
  const set = (field: TextField) => (next: string) => setTyped((v) => ({ ...v, [field]: next }));

  const [busy, submit] = useSubmit(async () => {
    // A missing picture is the contract schema's to refuse (requiredItems), as on the server.
    const input = await validateForm(kycCalls.userPrimaryAuth, {
      country: value('country'),
      address: value('address').trim(),
      realName: value('realName').trim(),
      idNumber: value('idNumber').replace(/\s+/g, ''),
      idFront: idFront?.file,
      idBack: idBack?.file,
    } as PrimaryInput);
    if (!input) return;
    await submitVerification.mutateAsync({ kind: 'primary', input });
    showToast(t('success.submittedForReview'), 'success');
    navigate(VERIFY_ROUTES.index, { replace: true });
  });

  let body;
  if ((auth.isError && !auth.data) || (info.isError && !info.data)) {
    body = (
      <ErrorView
        title={t('errors.networkError')}
        onRetry={() => void Promise.all([auth.refetch(), info.refetch()])}
      />
    );
  } else if (!auth.data || !info.data) {
    body = <LoadingView />;
  } else {
    const gate = verificationGate(auth.data, 'primary');
    body = !gate.open ? (
      <GateView
        gate={gate}
        onPrimary={() => navigate(VERIFY_ROUTES.primary)}
        onBack={() => navigate(VERIFY_ROUTES.index, { replace: true })}
      />
    ) : (
      <>
        {auth.data.primary.state === 'failed' && auth.data.primary.reason ? (
          <p className="kyc-level__reason" role="note">
            {t('verify.reason', { reason: auth.data.primary.reason })}
          </p>
        ) : null}
        <div className="form-card">
          <CountryField
            label={t('verify.fields.country')}
            countries={countries.data ?? []}
            value={value('country')}
            onChange={set('country')}
          />
          <div className="field">
            <span className="field__label">{t('verify.fields.realName')}</span>
            <Input
              name="realName"
              value={value('realName')}
              onChange={set('realName')}
              placeholder={t('verify.fields.realNamePlaceholder')}
              autoComplete="name"
              maxLength={60}
            />
          </div>
          <div className="field">
            <span className="field__label">{t('verify.fields.idNumber')}</span>
            <Input
              name="idNumber"
              value={value('idNumber')}
              onChange={set('idNumber')}
              placeholder={t('verify.fields.idNumberPlaceholder')}
              autoComplete="off"
              maxLength={40}
            />
          </div>
          <label className="field field--stacked">
            <span className="field__label">{t('verify.fields.address')}</span>
            <TextArea
              name="address"
              value={value('address')}
              onChange={set('address')}
              placeholder={t('verify.fields.addressPlaceholder')}
              autoComplete="street-address"
              autoSize={{ minRows: 1, maxRows: 3 }}
              maxLength={200}
            />
          </label>
        </div>
        <div className="kyc-images">
          <ImageUploader
            name="idFront"
            label={t('verify.fields.idFront')}
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
        <p className="form-hint">{t('verify.privacy')}</p>
      </>
    );
  }

  return (
    <div>
      <PageHeader title={t('verify.primary.title')} fallback={VERIFY_ROUTES.index} />
      <div className="page-body kyc-page">{body}</div>
    </div>
  );
}
