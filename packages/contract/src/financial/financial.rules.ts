import { mulMoney, MONEY_UNIT } from '../money';
import { addCalendarDays, isTimeZone, wallTime, zonedInstant } from '../rules/zoned-time';

/** One definition for every product (rules/zoned-time.ts). */
export { isTimeZone, wallTime, zonedInstant };

/**
 * The arithmetic of a financial (yield) package, pure and shared: the server pays with it and the
 * combo page shows the very same figures before the trader confirms. Money is bigint units of
 * 1e-8; rates are decimal fractions in the same units (0.0005 = 50_000n). Rounding is in the
 * platform's disfavour by less than one unit (DESIGN.md section 1.4): interest rounds up, the
 * penalty rounds down.
 */

export const DAY_MS = 86_400_000;
/** Yearly rates are shown as the daily rate times this (simple interest, no compounding). */
export const DAYS_PER_YEAR = 365n;

/** One day's interest on `amount` at `dailyRate`, rounded up. */
export function dailyInterest(amount: bigint, dailyRate: bigint): bigint {
  return mulMoney(amount, dailyRate, 'up');
}

/** Everything a package pays on top of the principal when held to maturity: days x one day's. */
export function expectedProfit(amount: bigint, dailyRate: bigint, days: number): bigint {
  return dailyInterest(amount, dailyRate) * BigInt(days);
}

/** The daily rate as a yearly one: daily x 365. */
export function yearlyRate(dailyRate: bigint): bigint {
  return dailyRate * DAYS_PER_YEAR;
}

/** Early redemption: the penalty (principal x penaltyRate, rounded down) and what comes back. */
export function redemption(
  amount: bigint,
  penaltyRate: bigint,
): { penalty: bigint; principal: bigint } {
  const penalty = mulMoney(amount, penaltyRate, 'down');
  return { penalty, principal: amount - penalty };
}

/**
 * The largest amount whose expected profit `headroom` can still fund (0 when it funds none): the
 * "remaining" a sold-out answer names when the reserve, not the capacity, is the limit.
 */
export function coverableAmount(headroom: bigint, dailyRate: bigint, days: number): bigint {
  if (headroom <= 0n) return 0n;
  if (dailyRate <= 0n || days <= 0) return headroom > 0n ? MAX_COVERABLE : 0n;
  // interest(a) = ceil(a x r / U) <= headroom / days  <=>  a x r <= floor(headroom / days) x U
  const perDay = headroom / BigInt(days);
  return (perDay * MONEY_UNIT) / dailyRate;
}
const MAX_COVERABLE = 1n << 62n;

/** Rates: daily between 0 and 1 (exclusive of 0), penalty between 0 and 1. */
export function validFinancialRates(dailyRate: bigint, penaltyRate: bigint): boolean {
  return (
    dailyRate > 0n && dailyRate <= MONEY_UNIT && penaltyRate >= 0n && penaltyRate <= MONEY_UNIT
  );
}

// --- the dividend clock ------------------------------------------------------------------------

export const DIVIDEND_TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

function parseTime(dividendTime: string): { hour: number; minute: number } {
  const m = DIVIDEND_TIME_PATTERN.exec(dividendTime);
  if (!m) throw new Error(`not a dividend time: ${dividendTime}`);
  return { hour: Number(m[1]), minute: Number(m[2]) };
}

/**
 * The k-th dividend run (k from 1) strictly after `after`: the dividend time on each local day of
 * the zone, DST-correct (a day of 23 or 25 hours moves the next run by that much).
 */
export function dividendRun(after: number, k: number, dividendTime: string, zone: string): number {
  const { hour, minute } = parseTime(dividendTime);
  const w = wallTime(after, zone);
  const today = { year: w.year, month: w.month, day: w.day };
  const first = zonedInstant(zone, today, hour, minute) > after ? 0 : 1;
  return zonedInstant(zone, addCalendarDays(today, first + k - 1), hour, minute);
}

/** The first `count` dividend runs strictly after `after`. */
export function dividendRuns(
  after: number,
  dividendTime: string,
  zone: string,
  count: number,
): number[] {
  return Array.from({ length: count }, (_, i) => dividendRun(after, i + 1, dividendTime, zone));
}

/**
 * An order's schedule from the terms stored on it: interest for day k (1..days) is paid at the
 * k-th run after the purchase; the term ends `days` x 24 h after the purchase (endTime), and the
 * principal returns at the first run at or after the end (SPEC.md: within T+1), never before
 * the last day's interest.
 */
export interface Schedule {
  endTime: number;
  principalRun: number;
  /** The run of day k's interest, 1..days. */
  interestRun(k: number): number;
}

export function orderSchedule(
  startTime: number,
  days: number,
  dividendTime: string,
  zone: string,
): Schedule {
  const interestRun = (k: number) => dividendRun(startTime, k, dividendTime, zone);
  const endTime = startTime + days * DAY_MS;
  let k = days;
  let principalRun = interestRun(k);
  while (principalRun < endTime) principalRun = interestRun(++k);
  return { endTime, principalRun, interestRun };
}
