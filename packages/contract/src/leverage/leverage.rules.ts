import type { MemberTier } from '../constants';
import { formatMoney, mulDiv, mulMoney, MONEY_UNIT, tryParseMoney } from '../money';
import { trimDecimal } from '../rules/format';
import type { LeverageClosedBy, LeverageDirection } from './leverage.schemas';

/**
 * The arithmetic of a leveraged position, pure and shared: the server opens, marks, triggers and
 * closes with it, and the trade page shows the very same figures before the trader confirms.
 * Money and prices are bigint units of 1e-8; rates are fractions in the same units
 * (0.001 = 100_000n). Every rounding goes the trader's way, by less than one unit.
 */

export interface OpenFigures {
  /** lots x lotPrice. */
  margin: bigint;
  /** margin x multiple. */
  value: bigint;
  /** value x openFeeRate, rounded down. */
  openFee: bigint;
  /** What the contract wallet must hold: margin + openFee. */
  required: bigint;
  /** margin x maintenanceRate, rounded down: liquidation when equity falls to it. */
  maintenance: bigint;
}

export function openFigures(input: {
  lots: number;
  lotPrice: bigint;
  multiple: number;
  openFeeRate: bigint;
  maintenanceRate: bigint;
}): OpenFigures {
  const margin = BigInt(input.lots) * input.lotPrice;
  const value = margin * BigInt(input.multiple);
  const openFee = mulMoney(value, input.openFeeRate, 'down');
  return {
    margin,
    value,
    openFee,
    required: margin + openFee,
    maintenance: mulMoney(margin, input.maintenanceRate, 'down'),
  };
}

/** value x (mark - entry) / entry for a long, the opposite for a short; rounded up. */
export function positionPnl(
  direction: LeverageDirection,
  value: bigint,
  entry: bigint,
  mark: bigint,
): bigint {
  const move = direction === 'long' ? mark - entry : entry - mark;
  return mulDiv(value, move, entry, 'up');
}

/**
 * The price at which equity (held + P&L, where held = margin + top-ups) falls to the maintenance
 * level: a long is liquidated at a price at or below it, a short at or above it. Exact: a price
 * crosses it exactly when positionPnl there leaves equity <= maintenance. Null when no positive
 * price can (a long whose held amount exceeds its value by the maintenance level).
 */
export function liquidationPrice(input: {
  direction: LeverageDirection;
  value: bigint;
  entry: bigint;
  held: bigint;
  maintenance: bigint;
}): bigint | null {
  const { value, entry } = input;
  const buffer = input.held - input.maintenance;
  if (input.direction === 'long') {
    const price = mulDiv(entry, value - buffer, value, 'down');
    return price > 0n ? price : null;
  }
  return mulDiv(entry, value + buffer, value, 'up');
}

/** Whether a price has reached a trigger: take-profit, stop-loss or liquidation. */
export function crosses(
  direction: LeverageDirection,
  kind: 'takeProfit' | 'stopLoss' | 'liquidation',
  trigger: bigint,
  price: bigint,
): boolean {
  const above = (direction === 'long') === (kind === 'takeProfit');
  return above ? price >= trigger : price <= trigger;
}

/**
 * Which trigger a tick fires, if any. When one tick crosses several (a gap), the one nearest the
 * entry fires: on a continuous path it would have been crossed first.
 */
export function firedTrigger(
  position: {
    direction: LeverageDirection;
    takeProfit: bigint | null;
    stopLoss: bigint | null;
    liquidation: bigint | null;
  },
  price: bigint,
): Exclude<LeverageClosedBy, 'user'> | null {
  const { direction } = position;
  if (position.takeProfit !== null && crosses(direction, 'takeProfit', position.takeProfit, price))
    return 'takeProfit';
  const sl = position.stopLoss !== null && crosses(direction, 'stopLoss', position.stopLoss, price);
  const liq =
    position.liquidation !== null && crosses(direction, 'liquidation', position.liquidation, price);
  if (sl && liq) {
    const slFirst =
      direction === 'long'
        ? position.stopLoss! >= position.liquidation!
        : position.stopLoss! <= position.liquidation!;
    return slFirst ? 'stopLoss' : 'liquidation';
  }
  if (sl) return 'stopLoss';
  if (liq) return 'liquidation';
  return null;
}

/** Take-profit beyond the entry in the position's favour, stop-loss on the other side. */
export function tpSlSides(
  direction: LeverageDirection,
  entry: bigint,
  takeProfit: bigint | null,
  stopLoss: bigint | null,
): { takeProfit: boolean; stopLoss: boolean } {
  const long = direction === 'long';
  return {
    takeProfit: takeProfit === null || (long ? takeProfit > entry : takeProfit < entry),
    stopLoss: stopLoss === null || (long ? stopLoss < entry : stopLoss > entry),
  };
}

export interface CloseFigures {
  pnl: bigint;
  /** held + pnl. */
  equity: bigint;
  /** value x closeFeeRate, rounded down, charged only from what equity leaves (never from the fund). */
  closeFee: bigint;
  /** equity - closeFee: back to the contract wallet (negative: what the trader owes). */
  payout: bigint;
  /** With protection on, the insurance fund covers a negative payout: this much. */
  gap: bigint;
}

/**
 * A position's result at an exit price. The ledger moves held out of the frozen wallet, payout
 * into the wallet, closeFee to fees and -pnl to the insurance fund (it receives losses, pays
 * profits); with protection a negative payout is then covered by the fund (gap).
 */
export function closeFigures(input: {
  direction: LeverageDirection;
  value: bigint;
  entry: bigint;
  exit: bigint;
  held: bigint;
  closeFeeRate: bigint;
  protection: boolean;
}): CloseFigures {
  const pnl = positionPnl(input.direction, input.value, input.entry, input.exit);
  const equity = input.held + pnl;
  const fee = mulMoney(input.value, input.closeFeeRate, 'down');
  const closeFee = equity <= 0n ? 0n : fee < equity ? fee : equity;
  const payout = equity - closeFee;
  const gap = input.protection && payout < 0n ? -payout : 0n;
  return { pnl, equity, closeFee, payout, gap };
}

/** Terms are sane: fractions below 1, a positive lot price. */
export function validLeverageTerms(terms: {
  lotPrice: bigint;
  openFeeRate: bigint;
  closeFeeRate: bigint;
  maintenanceRate: bigint;
}): boolean {
  return (
    terms.lotPrice > 0n &&
    terms.openFeeRate >= 0n &&
    terms.openFeeRate < MONEY_UNIT &&
    terms.closeFeeRate >= 0n &&
    terms.closeFeeRate < MONEY_UNIT &&
    terms.maintenanceRate >= 0n &&
    terms.maintenanceRate < MONEY_UNIT
  );
}

/**
 * The terms a position opened now is bound by, as one text (findLeverageTerms.termsVersion): the
 * trade page sends back the one it showed, and the server refuses the open when its own differs.
 * Made of the terms themselves, so an edit that changes nothing changes no version.
 */
export function leverageTermsVersion(terms: {
  lotPrice: bigint;
  openFeeRate: bigint;
  closeFeeRate: bigint;
  maintenanceRate: bigint;
  protection: boolean;
}): string {
  const parts = [terms.lotPrice, terms.openFeeRate, terms.closeFeeRate, terms.maintenanceRate];
  return `v1:${parts.join(':')}:${terms.protection ? 1 : 0}`;
}

/** Whether a take-profit or stop-loss the price `mark` has already reached (it would fire at once). */
export function tpSlPassed(
  direction: LeverageDirection,
  mark: bigint,
  takeProfit: bigint | null,
  stopLoss: bigint | null,
): { takeProfit: boolean; stopLoss: boolean } {
  return {
    takeProfit: takeProfit !== null && crosses(direction, 'takeProfit', takeProfit, mark),
    stopLoss: stopLoss !== null && crosses(direction, 'stopLoss', stopLoss, mark),
  };
}

/** The multiples a tier allows: 1 up to its maximum. */
export function multiplesUpTo(maxMultiple: number): number[] {
  return Array.from({ length: Math.max(0, maxMultiple) }, (_, i) => i + 1);
}

export interface TierStep {
  tier: MemberTier;
  threshold: bigint;
  maxMultiple: number;
}

/** Tiers rise: thresholds strictly, maximum multiples never fall, the first from 0. */
export function validTierSteps(steps: readonly TierStep[]): boolean {
  return steps.every(
    (s, i) =>
      s.maxMultiple >= 1 &&
      s.maxMultiple <= 100 &&
      (i === 0
        ? s.threshold === 0n
        : s.threshold > steps[i - 1]!.threshold && s.maxMultiple >= steps[i - 1]!.maxMultiple),
  );
}

/**
 * The tier a volume reaches (steps in rising order), the next one and the progress towards it as
 * a fraction in money units (0..1, rounded down; 1 at the top tier).
 */
export function tierOf(
  volume: bigint,
  steps: readonly TierStep[],
): { current: TierStep; next: TierStep | null; progress: bigint } {
  let index = 0;
  steps.forEach((s, i) => {
    if (volume >= s.threshold) index = i;
  });
  const current = steps[index]!;
  const next = steps[index + 1] ?? null;
  if (!next) return { current, next, progress: MONEY_UNIT };
  const span = next.threshold - current.threshold;
  const done = volume - current.threshold;
  const progress = span <= 0n ? MONEY_UNIT : mulDiv(done, MONEY_UNIT, span, 'down');
  return { current, next, progress: progress > MONEY_UNIT ? MONEY_UNIT : progress };
}

/** A rate as the pages show it: "0.0005" -> "0.05%", exactly; what is not a decimal as it came. */
export function ratePercentText(rate: string): string {
  const units = tryParseMoney(rate);
  if (units === null) return rate;
  return `${trimDecimal(formatMoney(units * 100n))}%`;
}
