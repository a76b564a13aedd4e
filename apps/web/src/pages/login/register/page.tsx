import { userCalls } from '@tidemark/contract';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
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
import { CodeField, codeTargetOf } from '../../../features/account/components/code-field';
import { NewPasswordFields } from '../../../features/account/components/password-input';
import { FormCard } from '../../../ui/form-card';
import { showToast } from '../../../ui/toast';

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useSignIn();
  const [account, setAccount] = useState<AccountValue>(EMPTY_ACCOUNT);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [inviteCode, setInviteCode] = useState(
    params.get('inviteCode') ?? params.get('code') ?? '',
  );
  const [busy, submit] = useSubmit(async () => {
    const values = {
      ...accountInput(account),
      code,
      password,
      confirmPassword,
      ...(inviteCode.trim() ? { inviteCode: inviteCode.trim() } : {}),
    };
    if (!(await validateForm(userCalls.register, values))) return;
    const { token } = await request(userCalls.register, values, { loading: true });
    signIn(token);
    showToast(t('success.registered'), 'success');
    navigate('/', { replace: true });
  });

  return (
    <AuthLayout title={t('register.title')} subtitle={t('register.subtitle')}>
      <AccountKindTabs value={account.kind} onChange={(kind) => setAccount({ ...account, kind })} />
      <FormCard onSubmit={() => void submit()}>
        <AccountField value={account} onChange={setAccount} />
        <CodeField value={code} onChange={setCode} target={codeTargetOf(account)} />
        <NewPasswordFields
          label={t('account.password')}
          name="password"
          value={password}
          onChange={setPassword}
          confirm={confirmPassword}
          onConfirmChange={setConfirmPassword}
        />
        <div className="field">
          <span className="field__label">{t('account.inviteCode')}</span>
          <Input
            name="inviteCode"
            value={inviteCode}
            onChange={(v) => setInviteCode(v.toUpperCase())}
            placeholder={t('account.inviteCodePlaceholder')}
            maxLength={16}
            autoComplete="off"
          />
        </div>
      </FormCard>
      <p className="form-hint">{t('account.passwordRuleHint')}</p>
      <div className="form-actions">
        <Button block color="primary" size="large" loading={busy} onClick={() => submit()}>
          {t('register.submit')}
        </Button>
      </div>
      <div className="link-row link-row--center">
        <span className="muted">{t('register.haveAccount')}</span>
        <Link to="/pages/login/login">{t('register.toLogin')}</Link>
      </div>
    </AuthLayout>
  );
}
