import Input from 'antd-mobile/es/components/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../../features/account/api/account-queries';
import { CodeField } from '../../../features/account/components/code-field';
import { ProfileForm } from '../../../features/account/components/profile-form';

/** Binds or changes the email, proved by a code sent to the new address. */
export default function EmailPage() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const current = user.data?.email;

  return (
    <ProfileForm
      title={t(current ? 'settings.changeEmail' : 'settings.bindEmail')}
      current={current ? { label: t('settings.currentEmail'), value: current } : undefined}
      hint={t('settings.codeToNewAddress')}
      input={() => ({ email: email.trim(), code })}
    >
      <div className="field">
        <span className="field__label">{t('settings.newEmail')}</span>
        <Input
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          placeholder={t('account.emailPlaceholder')}
          clearable
        />
      </div>
      <CodeField value={code} onChange={setCode} target={{ email }} />
    </ProfileForm>
  );
}
