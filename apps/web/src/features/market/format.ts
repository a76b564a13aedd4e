import { displayDecimal, everyDigit, tryParseMoney } from '@tidemark/contract/rules';

/**
 * How market numbers are shown: exact decimal strings from the wire, grouped by thousands with
 * commas in every language (SPEC.md section 1), never through a float.
 */

export type Trend = 'up' | 'down' | 'flat';

/** What a coin never priced shows in place of a price or a change (never a placeholder number). */
export const NO_PRICE = '--';

/** A price with the product's precision: "64250.5" at 2 places -> "64,250.50"; null -> "--". */
export function formatPrice(price: string | null, precision: number): string {
  return price === null ? NO_PRICE : displayDecimal(price, precision);
}

/**
 * A stored price with every digit it has, grouped: "95250.02000000" -> "95,250.02" (at least 2
 * places). For a record's inputs (an option's strike and settlement ticks), where the product's
 * precision could hide a digit the outcome was decided on.
 */
export function exactPrice(price: string): string {
  return everyDigit(price, 2);
}

/** The 24 h change with its sign: "1.5" -> "+1.50%", "-0.25" -> "-0.25%". */
export function formatChange(change: string | null): string {
  if (change === null) return NO_PRICE;
  const shown = displayDecimal(change, 2);
  return `${trendOf(change) === 'up' ? '+' : ''}${shown}%`;
}

/** Up, down or flat by the sign of a decimal string. */
export function trendOf(change: string | null): Trend {
  const value = (change === null ? null : tryParseMoney(change)) ?? 0n;
  return value > 0n ? 'up' : value < 0n ? 'down' : 'flat';
}

/** Compares two decimal strings exactly (for sorting); an unreadable or absent value counts as 0. */
export function compareDecimal(a: string | null, b: string | null): number {
  const x = (a === null ? null : tryParseMoney(a)) ?? 0n;
  const y = (b === null ? null : tryParseMoney(b)) ?? 0n;
  return x === y ? 0 : x > y ? 1 : -1;
}

export type CompactUnit = 'thousand' | 'million' | 'billion' | 'trillion';

const UNITS: readonly CompactUnit[] = ['thousand', 'million', 'billion', 'trillion'];

/**
 * A large amount shortened for a list, by moving the decimal point of the string:
 * "1234567.89" -> { value: "1.23", unit: "million" }. Below 10,000 the amount is kept whole.
 */
export function compactAmount(amount: string, places = 2): { value: string; unit?: CompactUnit } {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? amount.slice(1) : amount).split('.');
  const digits = whole.replace(/^0+(?=\d)/, '');
  const groups = Math.min(Math.floor((digits.length - 1) / 3), UNITS.length);
  if (digits.length <= 4 || groups === 0) {
    return { value: displayDecimal(amount, places) };
  }
  const cut = digits.length - groups * 3;
  const shifted = `${negative ? '-' : ''}${digits.slice(0, cut)}.${digits.slice(cut)}${fraction}`;
  return { value: displayDecimal(shifted, places), unit: UNITS[groups - 1] };
}

/** Decimal places of a wire value, for amounts whose product precision is not at hand. */
export function placesOf(decimal: string | null, max = 8): number {
  const fraction = decimal?.split('.')[1]?.replace(/0+$/, '') ?? '';
  return Math.min(fraction.length, max);
}
