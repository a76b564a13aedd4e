import { userCalls } from '@tidemark/contract';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { request } from '../../../api/client';
import { useSubmit } from '../../../api/use-submit';
import { validateForm } from '../../../api/validate';
import { useSignIn } from '../../../features/account/api/account-mutations';
import {
  AccountField,
  AccountKindTabs,
  accountInput,
  EMPTY_ACCOUNT,
  type AccountValue,
} from '../../../features/account/components/account-fields';
import { AuthLayout } from '../../../features/account/components/auth-layout';
import { CaptchaField, useCaptcha } from '../../../features/account/components/captcha-field';
import { PasswordField } from '../../../features/account/components/password-input';
import { FormCard } from '../../../ui/form-card';
import { showToast } from '../../../ui/toast';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSignIn();
  const [account, setAccount] = useState<AccountValue>(EMPTY_ACCOUNT);
  const [password, setPassword] = useState('');
  const captcha = useCaptcha();
  const from = (location.state as { from?: string } | null)?.from;

  const [busy, submit] = useSubmit(async () => {
    const values = {
      ...accountInput(account),
      password,
      ...captcha.input,
    };
    if (!(await validateForm(userCalls.login, values))) return;
    try {
      const { token } = await request(userCalls.login, values, { loading: true });
      signIn(token);
      showToast(t('success.loggedIn'), 'success');
      navigate(from ?? '/', { replace: true });
    } catch (error) {
      // After failures for the account the server asks for the image code as well.
      captcha.refused(error);
      throw error;
    }
  });

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      <AccountKindTabs value={account.kind} onChange={(kind) => setAccount({ ...account, kind })} />
      <FormCard onSubmit={() => void submit()}>
        <AccountField value={account} onChange={setAccount} />
        <PasswordField
          label={t('account.password')}
          name="password"
          value={password}
          onChange={setPassword}
          placeholder={t('account.passwordPlaceholder')}
          autoComplete="current-password"
        />
        {captcha.field ? <CaptchaField {...captcha.field} /> : null}
      </FormCard>
      {captcha.field ? (
        <p className="form-hint" role="status">
          {t('account.captchaHint')}
        </p>
      ) : null}
      <div className="form-actions">
        <Button block color="primary" size="large" loading={busy} onClick={() => submit()}>
          {t('login.submit')}
        </Button>
      </div>
      <div className="link-row">
        <Link to="/pages/login/forgetPwd">{t('login.forgot')}</Link>
        <Link to="/pages/login/register">{t('login.toRegister')}</Link>
      </div>
      <div className="link-row link-row--center">
        <Link to="/pages/index/service">{t('support.fromLogin')}</Link>
      </div>
    </AuthLayout>
  );
}
