import {
  optionOutcome,
  type OptionOrder,
  type OptionOutcome,
  type OptionPeriod,
} from '@tidemark/contract';
import { formatMoney, tryParseMoney } from '@tidemark/contract/rules';

/**
 * The arithmetic the option pages show, pure: the sheet's figures before an order goes, the live
 * estimate of a running order and its countdown. Results come from the contract's optionOutcome,
 * the same function the server settles with, so the sheet cannot promise what settlement won't pay.
 */

/** What the confirmation sheet says about a stake on a period's terms, in units of 1e-8. */
export interface StakeFigures {
  stake: bigint;
  /** Paid back on a win: stake x (1 + returnRate). */
  winPayout: bigint;
  winProfit: bigint;
  /** Forfeited on a loss: stake x lossRate; the rest comes back. */
  lossAmount: bigint;
  lossRefund: bigint;
  /** A settlement equal to the strike (or no settlement tick) returns the stake. */
  tieRefund: bigint;
}

export function stakeFigures(stake: bigint, returnRate: bigint, lossRate: bigint): StakeFigures {
  const win = optionOutcome({
    direction: 'long',
    stake,
    returnRate,
    lossRate,
    strike: 1n,
    settle: 2n,
  });
  const loss = optionOutcome({
    direction: 'long',
    stake,
    returnRate,
    lossRate,
    strike: 2n,
    settle: 1n,
  });
  return {
    stake,
    winPayout: win.payout,
    winProfit: win.payout - stake,
    lossAmount: stake - loss.payout,
    lossRefund: loss.payout,
    tieRefund: stake,
  };
}

export type StakeCheck =
  | { ok: true; stake: bigint; amount: string }
  | { ok: false; error: 'amountInvalid' | 'amountBounds' };

/** The typed stake against the period's min and max (the server checks the same). */
export function checkStake(
  text: string,
  period: Pick<OptionPeriod, 'minAmount' | 'maxAmount'>,
): StakeCheck {
  const stake = tryParseMoney(text.trim());
  if (stake === null || stake <= 0n) return { ok: false, error: 'amountInvalid' };
  const min = tryParseMoney(period.minAmount) ?? 0n;
  const max = tryParseMoney(period.maxAmount);
  if (stake < min || (max !== null && max > 0n && stake > max))
    return { ok: false, error: 'amountBounds' };
  return { ok: true, stake, amount: formatMoney(stake) };
}

/**
 * A rate ("0.85000000") as a percentage ("85%"), exactly: bigint units, trailing zeros cut, never
 * rounded (a loss rate shown lower than it is would be a promise settlement does not keep).
 */
export function formatPercent(rate: string): string {
  const units = tryParseMoney(rate);
  if (units === null) return rate;
  return `${formatMoney(units * 100n).replace(/\.?0+$/, '')}%`;
}

export interface Estimate {
  outcome: OptionOutcome;
  /** payout - stake if it settled at `price` now: negative for a loss. */
  profit: bigint;
}

/** What a running order would bring if it settled at `price`; null without a strike or price. */
export function estimateResult(
  order: Pick<OptionOrder, 'direction' | 'amount' | 'returnRate' | 'lossRate' | 'strikePrice'>,
  price: string | undefined,
): Estimate | null {
  const stake = tryParseMoney(order.amount);
  const strike = order.strikePrice === null ? null : tryParseMoney(order.strikePrice);
  const settle = price === undefined ? null : tryParseMoney(price);
  const returnRate = tryParseMoney(order.returnRate);
  const lossRate = tryParseMoney(order.lossRate);
  if (
    stake === null ||
    strike === null ||
    settle === null ||
    returnRate === null ||
    lossRate === null
  )
    return null;
  const result = optionOutcome({
    direction: order.direction,
    stake,
    returnRate,
    lossRate,
    strike,
    settle,
  });
  return { outcome: result.outcome, profit: result.payout - stake };
}

/** Whole seconds left until `end` (ms), never negative; a started second counts as one. */
export function secondsLeft(end: number, now: number): number {
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/**
 * When a period order placed at `now` starts: the period's next boundary, as the server sets it
 * (the first multiple of the period after `now`, in ms since the epoch).
 */
export function nextBoundary(now: number, seconds: number): number {
  const ms = seconds * 1000;
  return Math.floor(now / ms) * ms + ms;
}

/** 75 -> "01:15"; 3725 -> "1:02:05". */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  return hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${two(minutes)}:${two(rest)}`;
}

/** A period's length as a short label: 60 -> "60s", 300 -> "5min", 3600 -> "1h", 86400 -> "1d". */
export function periodLabel(seconds: number): { value: number; unit: 's' | 'min' | 'h' | 'd' } {
  if (seconds % 86_400 === 0) return { value: seconds / 86_400, unit: 'd' };
  if (seconds % 3_600 === 0) return { value: seconds / 3_600, unit: 'h' };
  if (seconds % 60 === 0 && seconds > 120) return { value: seconds / 60, unit: 'min' };
  return { value: seconds, unit: 's' };
}

/**
 * Places a stake may have: every figure of an order (stake, payout, the sheet's sums) is shown to
 * cents, so a stake is typed to cents too, and what is charged is what the sheet shows.
 */
export const STAKE_DECIMALS = 2;
