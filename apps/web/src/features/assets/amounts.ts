import { parseMoney, tryParseMoney } from '@tidemark/contract/rules';

/** "12." is how a person stops typing "12.5"; the wire wants "12". */
export function finishAmount(typed: string): string {
  return typed.replace(/\.$/, '');
}

/** Whether a change adds to the balance (a credit) rather than takes from it. */
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
