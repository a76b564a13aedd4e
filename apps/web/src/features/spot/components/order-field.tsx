import Input from 'antd-mobile/es/components/input';
import type { ReactNode } from 'react';

interface OrderFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (typed: string) => void;
  /** The currency at the end: a plain word, or a button that switches what is entered. */
  unit: ReactNode;
  onEnter: () => void;
}

/** One number of the order form: the label stands in the empty box, the currency at its end. */
export function OrderField({ name, label, value, onChange, unit, onEnter }: OrderFieldProps) {
  return (
    <div className="order-field" data-field={name}>
      <Input
        name={name}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={onChange}
        onEnterPress={onEnter}
        placeholder={label}
        aria-label={label}
      />
      <span className="order-field__unit">{unit}</span>
    </div>
  );
}

/** The price box of a market order: there is no price to type, the book decides. */
export function MarketPriceField({ label }: { label: string }) {
  return (
    <div className="order-field order-field--fixed" data-field="price">
      <span>{label}</span>
    </div>
  );
}
