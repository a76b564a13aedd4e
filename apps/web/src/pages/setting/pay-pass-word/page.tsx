import { PAY_PASSWORD_LENGTH, userCalls } from '@tidemark/contract';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/client';
import { useSubmit } from '../../../api/use-submit';
import { validateForm } from '../../../api/validate';
import { accountKeys, useUserInfo } from '../../../features/account/api/account-queries';
import { PasswordInput } from '../../../features/account/components/password-input';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader, useGoBack } from '../../../ui/page-header';
import { showToast } from '../../../ui/toast';

const digitsOnly = (v: string) => v.replace(/\D/g, '').slice(0, PAY_PASSWORD_LENGTH);

/** Sets the transaction (pay) password, or changes it with the current one. */
export default function PayPasswordPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const user = useUserInfo();
  const queryClient = useQueryClient();
  const [oldPayPassword, setOldPayPassword] = useState('');
  const [payPassword, setPayPassword] = useState('');
  const [confirmPayPassword, setConfirmPayPassword] = useState('');
  const hasOne = user.data?.hasPayPassword ?? false;

  const [busy, save] = useSubmit(async () => {
    const input = { payPassword, confirmPayPassword, ...(hasOne ? { oldPayPassword } : {}) };
    if (hasOne && !oldPayPassword) {
      showToast(t('errors.payPasswordEmpty'), 'fail');
      return;
    }
    if (!(await validateForm(userCalls.updatePayPwd, input))) return;
    await request(userCalls.updatePayPwd, input, { loading: true });
    await queryClient.invalidateQueries({ queryKey: accountKeys.info });
    showToast(t('success.saved'), 'success');
    goBack('/pages/setting/index');
  });

  if (!user.data) return <LoadingView />;

  const field = (
    name: string,
    label: string,
    value: string,
    set: (v: string) => void,
    placeholder: string,
  ) => (
    <div className="field">
      <span className="field__label">{label}</span>
      <PasswordInput
        name={name}
        value={value}
        onChange={(v) => set(digitsOnly(v))}
        placeholder={placeholder}
        autoComplete="new-password"
        inputMode="numeric"
        maxLength={PAY_PASSWORD_LENGTH}
      />
    </div>
  );

  return (
    <div>
      <PageHeader
        title={t(hasOne ? 'settings.changePayPassword' : 'settings.setPayPassword')}
        fallback="/pages/setting/index"
      />
      <div className="page-body">
        <div className="form-card">
          {hasOne
            ? field(
                'oldPayPassword',
                t('settings.currentPayPassword'),
                oldPayPassword,
                setOldPayPassword,
                t('settings.payPasswordPlaceholder'),
              )
            : null}
          {field(
            'payPassword',
            t('settings.newPayPassword'),
            payPassword,
            setPayPassword,
            t('settings.payPasswordPlaceholder'),
          )}
          {field(
            'confirmPayPassword',
            t('account.confirmPassword'),
            confirmPayPassword,
            setConfirmPayPassword,
            t('settings.payPasswordPlaceholder'),
          )}
        </div>
        <p className="form-hint">
          {t('settings.payPasswordHint', { length: PAY_PASSWORD_LENGTH })}
        </p>
        <div className="form-actions">
          <Button block color="primary" size="large" loading={busy} onClick={save}>
            {t('common.confirm')}
          </Button>
        </div>
      </div>
    </div>
  );
}
