import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { compactAmount, formatChange, trendOf } from '../format';
import { useFlash } from '../hooks/use-flash';

/**
 * A live number: its background pulses green or red for a moment when the value moves. The text
 * is isolated left to right, so "+1.25%" keeps its sign in front in Arabic.
 */
export function FlashValue({
  value,
  children,
  className,
}: {
  value: string | null;
  children: ReactNode;
  className?: string;
}) {
  const ref = useFlash<HTMLSpanElement>(value);
  return (
    <span ref={ref} className={`num flash${className ? ` ${className}` : ''}`}>
      {children}
    </span>
  );
}

/** The 24 h change as a filled pill (lists). */
export function ChangePill({ change }: { change: string | null }) {
  return (
    <span className={`change-pill change-pill--${trendOf(change)}`}>
      <span className="num">{formatChange(change)}</span>
    </span>
  );
}

/** The 24 h change as coloured text. */
export function ChangeText({ change, className }: { change: string | null; className?: string }) {
  return (
    <span className={`num trend--${trendOf(change)}${className ? ` ${className}` : ''}`}>
      {formatChange(change)}
    </span>
  );
}

/** "1.23M" in the current language's units. */
export function compactText(t: TFunction, amount: string): string {
  const { value, unit } = compactAmount(amount);
  return unit ? t(`market.compact.${unit}`, { value }) : value;
}
