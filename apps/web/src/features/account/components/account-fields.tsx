import Input from 'antd-mobile/es/components/input';
import Tabs from 'antd-mobile/es/components/tabs';
import { useTranslation } from 'react-i18next';
import { AreaCodePicker } from './area-code-picker';

export type AccountKind = 'email' | 'phone';

export interface AccountValue {
  kind: AccountKind;
  email: string;
  phone: string;
  areaCode: string;
}

export const EMPTY_ACCOUNT: AccountValue = { kind: 'email', email: '', phone: '', areaCode: '86' };

/** The contract's `account` and `areaCode` fields for register, login and reset. */
export function accountInput(value: AccountValue): { account: string; areaCode?: string } {
  return value.kind === 'email'
    ? { account: value.email.trim() }
    : { account: value.phone.trim(), areaCode: value.areaCode };
}

export function AccountKindTabs({
  value,
  onChange,
}: {
  value: AccountKind;
  onChange: (kind: AccountKind) => void;
}) {
  const { t } = useTranslation();
  return (
    <Tabs
      activeKey={value}
      onChange={(key) => onChange(key as AccountKind)}
      className="account-tabs"
    >
      <Tabs.Tab key="email" title={t('account.byEmail')} />
      <Tabs.Tab key="phone" title={t('account.byPhone')} />
    </Tabs>
  );
}

/** One row: the email, or the dialling code and the phone number. */
export function AccountField({
  value,
  onChange,
}: {
  value: AccountValue;
  onChange: (value: AccountValue) => void;
}) {
  const { t } = useTranslation();
  if (value.kind === 'email') {
    return (
      <div className="field">
        <span className="field__label">{t('account.email')}</span>
        <Input
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={value.email}
          onChange={(email) => onChange({ ...value, email })}
          placeholder={t('account.emailPlaceholder')}
          clearable
        />
      </div>
    );
  }
  return (
    <div className="field">
      <AreaCodePicker
        value={value.areaCode}
        onChange={(areaCode) => onChange({ ...value, areaCode })}
      />
      <Input
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        value={value.phone}
        onChange={(phone) => onChange({ ...value, phone: phone.replace(/\D/g, '') })}
        placeholder={t('account.phonePlaceholder')}
        maxLength={15}
        clearable
      />
    </div>
  );
}
