import Input from 'antd-mobile/es/components/input';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface PasswordInputProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  name: string;
  autoComplete: 'current-password' | 'new-password';
  inputMode?: 'numeric' | 'text';
  maxLength?: number;
}

/** A password field with a show/hide toggle. */
export function PasswordInput({
  value,
  onChange,
  placeholder,
  name,
  autoComplete,
  inputMode,
  maxLength = 32,
}: PasswordInputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <>
      <Input
        name={name}
        type={visible ? 'text' : 'password'}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        autoComplete={autoComplete}
        maxLength={maxLength}
        inputMode={inputMode}
        clearable
      />
      <button
        type="button"
        className="icon-button"
        aria-label={t(visible ? 'account.hidePassword' : 'account.showPassword')}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
      </button>
    </>
  );
}

/** A form row: label and password input. */
export function PasswordField({ label, ...input }: PasswordInputProps & { label: string }) {
  return (
    <div className="field">
      <span className="field__label">{label}</span>
      <PasswordInput {...input} />
    </div>
  );
}

interface NewPasswordFieldsProps {
  label: string;
  /** Field name of the new password ("password" or "newPassword", as the call names it). */
  name: string;
  value: string;
  onChange: (value: string) => void;
  confirm: string;
  onConfirmChange: (value: string) => void;
}

/** A new password and its confirmation, the pair every password form asks for. */
export function NewPasswordFields({
  label,
  name,
  value,
  onChange,
  confirm,
  onConfirmChange,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={label}
        name={name}
        value={value}
        onChange={onChange}
        placeholder={t('account.newPasswordPlaceholder')}
        autoComplete="new-password"
      />
      <PasswordField
        label={t('account.confirmPassword')}
        name="confirmPassword"
        value={confirm}
        onChange={onConfirmChange}
        placeholder={t('account.confirmPasswordPlaceholder')}
        autoComplete="new-password"
      />
    </>
  );
}
