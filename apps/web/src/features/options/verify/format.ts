import { formatMoney, tryParseMoney } from '@tidemark/contract';

/** A rate ("0.85000000") as a percentage ("85%"), exactly: bigint units, trailing zeros cut. */
export function ratePercent(rate: string): string {
  const units = tryParseMoney(rate);
  if (units === null) return rate;
  const text = formatMoney(units * 100n).replace(/\.?0+$/, '');
  return `${text}%`;
}

/** A period's length the way people say it: 60 -> 1 min, 300 -> 5 min, 86400 -> 1 d. */
export function periodParts(seconds: number): { count: number; unit: 's' | 'min' | 'h' | 'd' } {
  if (seconds % 86_400 === 0) return { count: seconds / 86_400, unit: 'd' };
  if (seconds % 3_600 === 0) return { count: seconds / 3_600, unit: 'h' };
  if (seconds % 60 === 0) return { count: seconds / 60, unit: 'min' };
  return { count: seconds, unit: 's' };
}
