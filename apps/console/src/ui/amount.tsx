import { formatAmount, isZeroAmount } from './format';

/** A wire decimal grouped by thousands; signed amounts are coloured by direction. */
export function Amount({
  value,
  currency,
  signed = false,
}: {
  value: string | null | undefined;
  currency?: string;
  signed?: boolean;
}) {
  const negative = value?.startsWith('-') ?? false;
  const zero = !value || isZeroAmount(value);
  const tone = signed && !zero ? (negative ? ' negative' : ' positive') : '';
  return (
    <span className={`amount${tone}`} dir="ltr">
      {signed && !negative && !zero ? '+' : ''}
      {formatAmount(value)}
      {currency ? ` ${currency}` : ''}
    </span>
  );
}
