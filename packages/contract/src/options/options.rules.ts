import { mulMoney, MONEY_UNIT } from '../money';
import type { OptionDirection } from '../constants';
import type { OptionOutcome } from './options.schemas';

/**
 * The arithmetic of an option's result, pure and shared: the server settles with it, and the
 * public verify page recomputes every record with the very same code. Money is bigint units of
 * 1e-8; rates are decimal fractions in the same units (0.85 = 85_000_000n).
 */

export interface OutcomeInput {
  direction: OptionDirection;
  stake: bigint;
  returnRate: bigint;
  lossRate: bigint;
  /** Strike and settlement prices; settle null when no tick was within tolerance of expiry. */
  strike: bigint | null;
  settle: bigint | null;
}

export interface OutcomeResult {
  outcome: OptionOutcome;
  /** What the pool pays back to the trader at settlement. */
  payout: bigint;
}

/**
 * Long wins above the strike, short below, equal ties; no strike or no settlement tick fails.
 * Win pays stake x (1 + returnRate), rounded up; a loss forfeits stake x lossRate, rounded down,
 * and refunds the rest; a tie or a failure refunds the stake. Rounding is always in the trader's
 * favour, by less than one unit (DESIGN.md section 1.4).
 */
export function optionOutcome(input: OutcomeInput): OutcomeResult {
  const { stake, strike, settle } = input;
  if (strike === null || settle === null) return { outcome: 'failed', payout: stake };
  if (settle === strike) return { outcome: 'tie', payout: stake };
  const up = settle > strike;
  const won = input.direction === 'long' ? up : !up;
  if (won) return { outcome: 'win', payout: stake + mulMoney(stake, input.returnRate, 'up') };
  return { outcome: 'loss', payout: stake - mulMoney(stake, input.lossRate, 'down') };
}

/** The most an order can cost the pool: its win payout (returnRate >= 0, so never less). */
export function worstPayout(stake: bigint, returnRate: bigint): bigint {
  return stake + mulMoney(stake, returnRate, 'up');
}

/**
 * The highest return rate a period may offer: 1 (100 %), a win paying twice the stake. Above it the
 * pool pays more on a win than it takes on a loss, and loses on every even bet: an operator's typo
 * ("80" for 80 %) must not publish it.
 */
export const MAX_RETURN_RATE = MONEY_UNIT;

/**
 * Rates are fractions: a return rate above 0 (a win that pays nothing beyond the stake is no bet a
 * trader could gain from) up to MAX_RETURN_RATE, a loss rate from 0 to 1.
 */
export function validRates(returnRate: bigint, lossRate: bigint): boolean {
  return (
    returnRate > 0n && returnRate <= MAX_RETURN_RATE && lossRate >= 0n && lossRate <= MONEY_UNIT
  );
}

/**
 * RFC 8785 (JSON Canonicalization Scheme) for the values a record holds: objects with keys sorted
 * by UTF-16 code units, strings escaped as ECMAScript's JSON.stringify does, integers as they
 * print, null, no whitespace. Anything else (a fraction, a bigint, undefined) is refused, so a
 * record can never hash differently in two languages.
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`not a safe integer: ${value}`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  throw new Error(`cannot canonicalise a ${typeof value}`);
}

/** prevHash of the first record. */
export const GENESIS_HASH = '0'.repeat(64);
