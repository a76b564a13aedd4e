import { authCalls } from '@tidemark/contract';
import Button from 'antd-mobile/es/components/button';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { request } from '../../../api/client';
import { validateForm } from '../../../api/validate';
import {
  AccountField,
  AccountKindTabs,
  accountInput,
  EMPTY_ACCOUNT,
  type AccountValue,
} from '../../../features/account/components/account-fields';
import { AuthLayout } from '../../../features/account/components/auth-layout';
import { CodeField, codeTargetOf } from '../../../features/account/components/code-field';
import { PasswordInput } from '../../../features/account/components/password-input';
import { showToast } from '../../../ui/toast';

export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [account, setAccount] = useState<AccountValue>(EMPTY_ACCOUNT);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const values = { ...accountInput(account), code, password, confirmPassword };
    if (!(await validateForm(authCalls.forgetUserPassword, values))) return;
    setBusy(true);
    try {
      await request(authCalls.forgetUserPassword, values, { loading: true });
      showToast(t('forgot.done'), 'success');
      navigate('/pages/login/login', { replace: true });
    } catch {
      // The client has shown the server's reason.
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      closeTo="/pages/login/login"
    >
      <AccountKindTabs value={account.kind} onChange={(kind) => setAccount({ ...account, kind })} />
      <form className="form-card" onSubmit={submit} noValidate>
        <AccountField value={account} onChange={setAccount} />
        <CodeField value={code} onChange={setCode} target={codeTargetOf(account)} />
        <div className="field">
          <span className="field__label">{t('account.newPassword')}</span>
          <PasswordInput
            name="password"
            value={password}
            onChange={setPassword}
            placeholder={t('account.newPasswordPlaceholder')}
            autoComplete="new-password"
          />
        </div>
        <div className="field">
          <span className="field__label">{t('account.confirmPassword')}</span>
          <PasswordInput
            name="confirmPassword"
            value={confirmPassword}
            onChange={setConfirmPassword}
            placeholder={t('account.confirmPasswordPlaceholder')}
            autoComplete="new-password"
          />
        </div>
        <button type="submit" hidden />
      </form>
      <p className="form-hint">{t('account.passwordRuleHint')}</p>
      <div className="form-actions">
        <Button block color="primary" size="large" loading={busy} onClick={() => submit()}>
          {t('forgot.submit')}
        </Button>
      </div>
    </AuthLayout>
  );
}
