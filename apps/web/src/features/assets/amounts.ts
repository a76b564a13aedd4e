import {
  displayDecimal,
  parseMoney,
  QUOTE_CURRENCY,
  tryParseMoney,
} from '@tidemark/contract/rules';

/** Places shown for USDT: cents are as fine as anyone reads a dollar-pegged balance. */
const QUOTE_PLACES = 2;
/** Coins show up to the wire's 8 places, and never fewer than this. */
const COIN_MIN_PLACES = 2;
const COIN_MAX_PLACES = 8;

/** "12." is how a person stops typing "12.5"; the wire wants "12". */
export function finishAmount(typed: string): string {
  return typed.replace(/\.$/, '');
}

/**
 * A wire amount for display, grouped by thousands in every language: USDT with 2 places, coins
 * with up to 8 (trailing zeros trimmed down to 2). Truncated, never rounded up, so a balance is
 * never shown larger than it is.
 */
export function formatAmount(decimal: string, currency: string): string {
  if (currency === QUOTE_CURRENCY) return displayDecimal(decimal, QUOTE_PLACES);
  const full = displayDecimal(decimal, COIN_MAX_PLACES);
  const [whole, fraction = ''] = full.split('.');
  const kept = fraction.replace(/0+$/, '').padEnd(COIN_MIN_PLACES, '0');
  return `${whole}.${kept}`;
}

/** A USDT value (a converted total or a row's worth). */
export function formatUsdt(decimal: string): string {
  return formatAmount(decimal, QUOTE_CURRENCY);
}

/** A signed change: "+250.50" for a credit, "-250.50" for a debit. */
export function formatSigned(decimal: string, currency: string): string {
  const shown = formatAmount(decimal, currency);
  return isCredit(decimal) && /[1-9]/.test(shown) ? `+${shown}` : shown;
}

export function isCredit(decimal: string): boolean {
  return !decimal.startsWith('-');
}

/** Whether a balance is exactly zero (for "hide zero balances"). */
export function isZero(decimal: string): boolean {
  return tryParseMoney(decimal) === 0n;
}

/**
 * Whether a typed amount is more than the available balance, compared exactly in units (never as
 * JavaScript numbers). An amount that does not parse is not "more": other checks catch it.
 */
export function exceedsAvailable(amount: string, available: string): boolean {
  const wanted = tryParseMoney(amount);
  return wanted !== null && wanted > parseMoney(available);
}
