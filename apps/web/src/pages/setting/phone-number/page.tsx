import Input from 'antd-mobile/es/components/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../../features/account/api/account-queries';
import { AreaCodePicker } from '../../../features/account/components/area-code-picker';
import { CodeField } from '../../../features/account/components/code-field';
import { ProfileForm } from '../../../features/account/components/profile-form';

/** Binds or changes the phone number, proved by a code sent to the new number. */
export default function PhoneNumberPage() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const [areaCode, setAreaCode] = useState('86');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const current = user.data?.phone ? `+${user.data.areaCode} ${user.data.phone}` : null;

  return (
    <ProfileForm
      title={t(current ? 'settings.changePhone' : 'settings.bindPhone')}
      current={current ? { label: t('settings.currentPhone'), value: current } : undefined}
      hint={t('settings.codeToNewAddress')}
      input={() => ({ phone: phone.trim(), areaCode, code })}
    >
      <div className="field">
        <AreaCodePicker value={areaCode} onChange={setAreaCode} />
        <Input
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          value={phone}
          onChange={(v) => setPhone(v.replace(/\D/g, ''))}
          placeholder={t('account.phonePlaceholder')}
          maxLength={15}
          clearable
        />
      </div>
      <CodeField value={code} onChange={setCode} target={{ phone, areaCode }} />
    </ProfileForm>
  );
}
