import { authCalls } from '@tidemark/contract';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { request } from '../../../api/client';
import { useSubmit } from '../../../api/use-submit';
import { validateForm } from '../../../api/validate';
import {
  AccountField,
  AccountKindTabs,
  accountInput,
  EMPTY_ACCOUNT,
  type AccountValue,
} from '../../../features/account/components/account-fields';
import { AuthLayout } from '../../../features/account/components/auth-layout';
import { CaptchaField, useCaptcha } from '../../../features/account/components/captcha-field';
import { CodeField, codeTargetOf } from '../../../features/account/components/code-field';
import { NewPasswordFields } from '../../../features/account/components/password-input';
import { FormCard } from '../../../ui/form-card';
import { showToast } from '../../../ui/toast';

export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [account, setAccount] = useState<AccountValue>(EMPTY_ACCOUNT);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const captcha = useCaptcha();
  const [busy, submit] = useSubmit(async () => {
    const values = {
      ...accountInput(account),
      code,
      password,
      confirmPassword,
      ...captcha.input,
    };
    if (!(await validateForm(authCalls.forgetUserPassword, values))) return;
    try {
      await request(authCalls.forgetUserPassword, values, { loading: true });
    } catch (error) {
      // After refused codes for the account the server asks for the image code as well.
      captcha.refused(error);
      throw error;
    }
    showToast(t('forgot.done'), 'success');
    navigate('/pages/login/login', { replace: true });
  });

  return (
    <AuthLayout
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      closeTo="/pages/login/login"
    >
      <AccountKindTabs value={account.kind} onChange={(kind) => setAccount({ ...account, kind })} />
      <FormCard onSubmit={() => void submit()}>
        <AccountField value={account} onChange={setAccount} />
        <CodeField value={code} onChange={setCode} target={codeTargetOf(account)} />
        <NewPasswordFields
          label={t('account.newPassword')}
          name="password"
          value={password}
          onChange={setPassword}
          confirm={confirmPassword}
          onConfirmChange={setConfirmPassword}
        />
        {captcha.field ? <CaptchaField {...captcha.field} /> : null}
      </FormCard>
      {captcha.field ? (
        <p className="form-hint" role="status">
          {t('account.captchaHint')}
        </p>
      ) : null}
      <p className="form-hint">{t('account.passwordRuleHint')}</p>
      <div className="form-actions">
        <Button block color="primary" size="large" loading={busy} onClick={() => submit()}>
          {t('forgot.submit')}
        </Button>
      </div>
    </AuthLayout>
  );
}
