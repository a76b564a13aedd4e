import { displayDecimal, QUOTE_CURRENCY } from '@tidemark/contract/rules';

/**
 * How spot numbers are shown: the wire's exact decimal strings, cut (never rounded up) to the
 * places that matter and grouped by thousands in every language (SPEC.md section 1).
 */

/** A wire value whose places are not fixed (a fee, an amount): all of them, trailing zeros cut to `min`. */
export function showTrimmed(decimal: string, min = 2, max = 8): string {
  const full = displayDecimal(decimal, max);
  const [whole, fraction = ''] = full.split('.');
  const kept = fraction.replace(/0+$/, '').padEnd(min, '0');
  return kept ? `${whole}.${kept}` : (whole ?? full);
}

/** A balance: USDT to the cent, a coin to the product's quantity places. */
export function showBalance(decimal: string, currency: string, quantityPlaces: number): string {
  return displayDecimal(decimal, currency === QUOTE_CURRENCY ? 2 : quantityPlaces);
}

/** An order's value in USDT. */
export function showQuote(decimal: string): string {
  return displayDecimal(decimal, 2);
}
