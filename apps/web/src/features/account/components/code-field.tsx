import Input from 'antd-mobile/es/components/input';
import { useTranslation } from 'react-i18next';
import type { AccountValue } from './account-fields';
import { SendCodeButton, type CodeTarget } from './send-code-button';

/** Where the code for an account goes. */
export function codeTargetOf(account: AccountValue): CodeTarget {
  return account.kind === 'email'
    ? { email: account.email }
    : { phone: account.phone, areaCode: account.areaCode };
}

/** The 6-digit verification code with its send button. */
export function CodeField({
  value,
  onChange,
  target,
}: {
  value: string;
  onChange: (code: string) => void;
  target: CodeTarget;
}) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <span className="field__label">{t('account.code')}</span>
      <Input
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={value}
        onChange={(code) => onChange(code.replace(/\D/g, '').slice(0, 6))}
        placeholder={t('account.codePlaceholder')}
        maxLength={6}
      />
      <span className="field__addon">
        <SendCodeButton target={target} />
      </span>
    </div>
  );
}
