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
