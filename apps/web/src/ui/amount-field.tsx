import { sanitizeAmountInput } from '@tidemark/contract/rules';
import Input from 'antd-mobile/es/components/input';
import type { ReactNode } from 'react';

interface AmountFieldProps {
  label: string;
  value: string;
  /** Called with what was typed, cut to a number of at most this many decimal places. */
  onChange: (amount: string) => void;
  decimals: number;
  placeholder: string;
  currency: string;
  onEnterPress?: () => void;
  /** After the currency, inside the field: an "All" button. */
  children?: ReactNode;
}

/**
 * An amount of money to move (a transfer, a deposit, a withdrawal), headed by its label: only
 * digits and one decimal point, at most `decimals` places.
 */
export function AmountField({
  label,
  value,
  onChange,
  decimals,
  placeholder,
  currency,
  onEnterPress,
  children,
}: AmountFieldProps) {
  return (
    <>
      <h2 className="transfer__label">{label}</h2>
      <div className="transfer-amount">
        <Input
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(typed) => onChange(sanitizeAmountInput(typed, decimals))}
          onEnterPress={onEnterPress}
          placeholder={placeholder}
          aria-label={label}
        />
        <span className="transfer-amount__unit">{currency}</span>
        {children}
      </div>
    </>
  );
}
