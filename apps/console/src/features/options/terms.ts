import { mulDiv, trimDecimal, tryParseMoney } from '@tidemark/contract';
import type { OptionPeriodTerms } from './options-types';

/** A period's terms as the form holds them: decimal strings as typed, rates as fractions. */
export interface TermsValues {
  returnRate: string;
  lossRate: string;
  minAmount: string;
  maxAmount: string;
  enabled: boolean;
}

/** The form's starting values for a period: the wire decimals without trailing zeros. */
export function termsOf(period: OptionPeriodTerms): TermsValues {
  return {
    returnRate: trimDecimal(period.returnRate),
    lossRate: trimDecimal(period.lossRate),
    minAmount: trimDecimal(period.minAmount),
    maxAmount: trimDecimal(period.maxAmount),
    enabled: period.enabled,
  };
}

const AMOUNTS = ['returnRate', 'lossRate', 'minAmount', 'maxAmount'] as const;

/**
 * Only what the operator changed, so the audit entry's before and after differ where they acted
 * (a value typed as "0.850" equals 0.85 and is no change). Empty when nothing changed.
 */
export function changedTerms(before: TermsValues, after: TermsValues): Partial<TermsValues> {
  const out: Partial<TermsValues> = {};
  for (const key of AMOUNTS) {
    const value = after[key].trim();
    const was = tryParseMoney(before[key]);
    const now = tryParseMoney(value);
    if (now === null || was === null || now !== was) out[key] = value;
  }
  if (after.enabled !== before.enabled) out.enabled = after.enabled;
  return out;
}

/** The server's rule for a return rate: above 0 (a win pays something beyond the stake). */
export function returnRateAboveZero(rate: string): boolean {
  const value = tryParseMoney(rate.trim());
  return value === null || value > 0n;
}

/** The server's terms rule: a minimum above 0 and not over the maximum. */
export function minMaxValid(min: string, max: string): boolean {
  const low = tryParseMoney(min.trim());
  const high = tryParseMoney(max.trim());
  if (low === null || high === null) return true;
  return low > 0n && low <= high;
}

/**
 * How many times the pool covers the worst case of the open orders, rounded down to two places
 * ("1.5" is one and a half times); null when nothing is at stake.
 */
export function coverage(poolBalance: string, worstCasePayout: string): string | null {
  const pool = tryParseMoney(poolBalance);
  const worst = tryParseMoney(worstCasePayout);
  if (pool === null || worst === null || worst <= 0n) return null;
  if (pool <= 0n) return '0';
  const hundredths = mulDiv(pool, 100n, worst, 'down');
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`.replace(
    /\.?0+$/,
    '',
  );
}
