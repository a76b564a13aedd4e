import {
  closeFigures,
  formatMoney,
  leverageCalls,
  liquidationPrice,
  mulMoney,
  openFigures,
  positionPnl,
  ratePercentText,
  tpSlPassed,
  tpSlSides,
  tryParseMoney,
  type LeverageDirection,
  type LeveragePosition,
  type LeverageTerms,
  type OpenFigures,
} from '@tidemark/contract';

/**
 * What the trade page shows before a position is opened, and what a position on the list is worth
 * now: every figure through the contract's pure rules (leverage.rules), the very arithmetic the
 * server opens, marks and closes with. Prices and money stay bigint units of 1e-8 here.
 */

export type LeverageFormError =
  | 'lotsInvalid'
  | 'lotsMax'
  | 'multipleNotAllowed'
  | 'noPrice'
  | 'priceInvalid'
  | 'takeProfitSide'
  | 'stopLossSide'
  | 'takeProfitPassed'
  | 'stopLossPassed'
  | 'negativeBalance'
  | 'insufficient';

/** What the texts of the form's errors fill in (lotsMax: "at most 100,000 lots"). */
export const FORM_ERROR_PARAMS = { max: leverageCalls.LOTS_MAX_TEXT } as const;

export interface LeverageFormInput {
  direction: LeverageDirection;
  /** As typed: digits and at most one decimal point (sanitizeLots). */
  lots: string;
  multiple: number | undefined;
  /** The multiples the trader's tier allows (backUserMultiple). */
  allowed: readonly number[];
  /** The symbol's last price from the feed: the entry is the tick at acceptance, near it. */
  price: string | undefined;
  terms: Pick<LeverageTerms, 'lotPrice' | 'openFeeRate' | 'closeFeeRate' | 'maintenanceRate'>;
  /** Optional, as typed; empty for none. */
  takeProfit: string;
  stopLoss: string;
  /** The contract wallet's available USDT, when known. */
  balance?: string;
}

export interface LeveragePreview extends OpenFigures {
  lots: number;
  multiple: number;
  lotPrice: bigint;
  /** The last price: the entry estimate (the server takes the tick at acceptance). */
  entry: bigint;
  liquidation: bigint | null;
  /** value x closeFeeRate: charged at closing from what equity leaves. */
  closeFee: bigint;
  takeProfit: bigint | null;
  stopLoss: bigint | null;
}

/**
 * The figures, or the first reason the position cannot be opened. A refusal that leaves lots,
 * multiple and price valid (the balance, a take-profit or stop-loss) still carries the figures
 * without the triggers, so the trader sees what the position needs.
 */
export type PreviewResult =
  | { ok: true; preview: LeveragePreview }
  | { ok: false; error: LeverageFormError; preview?: LeveragePreview };

/** The lots field keeps digits and one decimal point, so "0.5" is refused, never read as 5. */
export function sanitizeLots(raw: string): string {
  let seenPoint = false;
  let out = '';
  for (const ch of raw) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if (ch === '.' && !seenPoint) {
      seenPoint = true;
      out += ch;
    }
  }
  return out.slice(0, 16);
}

/** A whole number of lots, 1 to the contract's LOTS_MAX ("2" and "2.0" alike), or why not. */
export function checkLots(
  typed: string,
): { ok: true; lots: number } | { ok: false; error: 'lotsInvalid' | 'lotsMax' } {
  const text = typed.trim();
  if (!/^\d{1,16}(\.\d*)?$/.test(text)) return { ok: false, error: 'lotsInvalid' };
  const lots = Number(text);
  if (!Number.isInteger(lots) || lots < 1) return { ok: false, error: 'lotsInvalid' };
  if (lots > leverageCalls.LOTS_MAX) return { ok: false, error: 'lotsMax' };
  return { ok: true, lots };
}

/** A whole number of lots, 1 to the contract's LOTS_MAX; null otherwise. */
export function parseLots(typed: string): number | null {
  const checked = checkLots(typed);
  return checked.ok ? checked.lots : null;
}

/** An optional positive price: null when empty, undefined when not a price. */
function optionalPrice(typed: string): bigint | null | undefined {
  const text = typed.trim();
  if (text === '') return null;
  const value = tryParseMoney(text);
  return value !== null && value > 0n ? value : undefined;
}

/** The figures of a position opened now, or the first reason it cannot be. */
export function previewPosition(input: LeverageFormInput): PreviewResult {
  const checked = checkLots(input.lots);
  if (!checked.ok) return checked;
  const { lots } = checked;
  const { multiple } = input;
  if (multiple === undefined || !input.allowed.includes(multiple))
    return { ok: false, error: 'multipleNotAllowed' };
  const entry = input.price === undefined ? null : tryParseMoney(input.price);
  if (entry === null || entry <= 0n) return { ok: false, error: 'noPrice' };
  const lotPrice = tryParseMoney(input.terms.lotPrice) ?? 0n;
  const openFeeRate = tryParseMoney(input.terms.openFeeRate) ?? 0n;
  const closeFeeRate = tryParseMoney(input.terms.closeFeeRate) ?? 0n;
  const maintenanceRate = tryParseMoney(input.terms.maintenanceRate) ?? 0n;
  const figures = openFigures({ lots, lotPrice, multiple, openFeeRate, maintenanceRate });
  const shown: LeveragePreview = {
    ...figures,
    lots,
    multiple,
    lotPrice,
    entry,
    liquidation: liquidationPrice({
      direction: input.direction,
      value: figures.value,
      entry,
      held: figures.margin,
      maintenance: figures.maintenance,
    }),
    closeFee: mulMoney(figures.value, closeFeeRate, 'down'),
    takeProfit: null,
    stopLoss: null,
  };
  const refuse = (error: LeverageFormError): PreviewResult => ({
    ok: false,
    error,
    preview: shown,
  });
  const takeProfit = optionalPrice(input.takeProfit);
  const stopLoss = optionalPrice(input.stopLoss);
  if (takeProfit === undefined || stopLoss === undefined) return refuse('priceInvalid');
  // The entry is the last price: a trigger on the wrong side of it has been passed already.
  const sides = tpSlSides(input.direction, entry, takeProfit, stopLoss);
  if (!sides.takeProfit) return refuse('takeProfitSide');
  if (!sides.stopLoss) return refuse('stopLossSide');
  const balance = input.balance === undefined ? null : tryParseMoney(input.balance);
  // SPEC.md: a negative wallet is told to top up before anything else is said about the balance.
  if (balance !== null && balance < 0n) return refuse('negativeBalance');
  if (balance !== null && figures.required > balance) return refuse('insufficient');
  return { ok: true, preview: { ...shown, takeProfit, stopLoss } };
}

/** An open position at the feed's last price: P&L, equity, and what closing now would return. */
export interface LiveFigures {
  mark: bigint;
  pnl: bigint;
  equity: bigint;
  closeFee: bigint;
  payout: bigint;
}

/** The position marked at `price` (the ticker over /ws); null without a price. */
export function liveFigures(
  position: LeveragePosition,
  price: string | undefined,
): LiveFigures | null {
  const mark = price === undefined ? null : tryParseMoney(price);
  const entry = tryParseMoney(position.entryPrice);
  const value = tryParseMoney(position.positionValue);
  if (mark === null || entry === null || value === null || entry <= 0n) return null;
  const held = (tryParseMoney(position.margin) ?? 0n) + (tryParseMoney(position.topUp) ?? 0n);
  const close = closeFigures({
    direction: position.direction,
    value,
    entry,
    exit: mark,
    held,
    closeFeeRate: tryParseMoney(position.closeFeeRate) ?? 0n,
    protection: position.protection,
  });
  return {
    mark,
    pnl: positionPnl(position.direction, value, entry, mark),
    equity: close.equity,
    closeFee: close.closeFee,
    payout: close.payout,
  };
}

/** Where a position's liquidation price would move to with `amount` more margin. */
export function liquidationAfterTopUp(position: LeveragePosition, amount: string): bigint | null {
  const add = tryParseMoney(amount.trim());
  const entry = tryParseMoney(position.entryPrice);
  const value = tryParseMoney(position.positionValue);
  if (add === null || add <= 0n || entry === null || value === null) return null;
  const held = (tryParseMoney(position.margin) ?? 0n) + (tryParseMoney(position.topUp) ?? 0n) + add;
  return liquidationPrice({
    direction: position.direction,
    value,
    entry,
    held,
    maintenance: tryParseMoney(position.maintenance) ?? 0n,
  });
}

/**
 * Checks a take-profit and stop-loss change against the entry (which one is on the wrong side) and
 * against the current price `mark` (by default the position's markPrice): one the price has
 * already passed would close the position at once.
 */
export function checkTpSl(
  position: Pick<LeveragePosition, 'direction' | 'entryPrice'> &
    Partial<Pick<LeveragePosition, 'markPrice'>>,
  takeProfit: string,
  stopLoss: string,
  mark: string | null | undefined = position.markPrice,
):
  | { ok: true; takeProfit: string | null; stopLoss: string | null }
  | { ok: false; error: LeverageFormError } {
  const tp = optionalPrice(takeProfit);
  const sl = optionalPrice(stopLoss);
  const entry = tryParseMoney(position.entryPrice);
  if (tp === undefined || sl === undefined || entry === null)
    return { ok: false, error: 'priceInvalid' };
  const sides = tpSlSides(position.direction, entry, tp, sl);
  if (!sides.takeProfit) return { ok: false, error: 'takeProfitSide' };
  if (!sides.stopLoss) return { ok: false, error: 'stopLossSide' };
  const markUnits = mark === null || mark === undefined ? null : tryParseMoney(mark);
  if (markUnits !== null && markUnits > 0n) {
    const passed = tpSlPassed(position.direction, markUnits, tp, sl);
    if (passed.takeProfit) return { ok: false, error: 'takeProfitPassed' };
    if (passed.stopLoss) return { ok: false, error: 'stopLossPassed' };
  }
  return {
    ok: true,
    takeProfit: tp === null ? null : formatMoney(tp),
    stopLoss: sl === null ? null : formatMoney(sl),
  };
}

/** A fraction ("0.0005") as an exact percentage ("0.05%"): the contract's one way. */
export const ratePercent = ratePercentText;
