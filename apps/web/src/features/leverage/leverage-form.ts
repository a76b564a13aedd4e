import {
  closeFigures,
  formatMoney,
  leverageCalls,
  liquidationPrice,
  mulMoney,
  openFigures,
  positionPnl,
  ratePercentText,
  tpSlSides,
  tryParseMoney,
  type LeverageDirection,
  type LeveragePosition,
  type LeverageTerms,
  type OpenFigures,
} from '@tidemark/contract';
import { floorAtDisplay } from '@tidemark/contract/rules';

/**
 * What the trade page shows before a position is opened, and what a position on the list is worth
 * now: every figure through the contract's pure rules (leverage.rules), the very arithmetic the
 * server opens, marks and closes with. Prices and money stay bigint units of 1e-8 here.
 */

export type LeverageFormError =
  | 'lotsInvalid'
  | 'multipleNotAllowed'
  | 'noPrice'
  | 'priceInvalid'
  | 'takeProfitSide'
  | 'stopLossSide'
  | 'insufficient';

export interface LeverageFormInput {
  direction: LeverageDirection;
  /** As typed: digits only. */
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

export type PreviewResult =
  { ok: true; preview: LeveragePreview } | { ok: false; error: LeverageFormError };

/** A whole number of lots, 1 to the contract's LOTS_MAX; null otherwise. */
export function parseLots(typed: string): number | null {
  if (!/^\d{1,9}$/.test(typed.trim())) return null;
  const lots = Number(typed.trim());
  return lots >= 1 && lots <= leverageCalls.LOTS_MAX ? lots : null;
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
  const lots = parseLots(input.lots);
  if (lots === null) return { ok: false, error: 'lotsInvalid' };
  const { multiple } = input;
  if (multiple === undefined || !input.allowed.includes(multiple))
    return { ok: false, error: 'multipleNotAllowed' };
  const entry = input.price === undefined ? null : tryParseMoney(input.price);
  if (entry === null || entry <= 0n) return { ok: false, error: 'noPrice' };
  const lotPrice = tryParseMoney(input.terms.lotPrice) ?? 0n;
  const openFeeRate = tryParseMoney(input.terms.openFeeRate) ?? 0n;
  const closeFeeRate = tryParseMoney(input.terms.closeFeeRate) ?? 0n;
  const maintenanceRate = tryParseMoney(input.terms.maintenanceRate) ?? 0n;
  const takeProfit = optionalPrice(input.takeProfit);
  const stopLoss = optionalPrice(input.stopLoss);
  if (takeProfit === undefined || stopLoss === undefined)
    return { ok: false, error: 'priceInvalid' };
  const sides = tpSlSides(input.direction, entry, takeProfit, stopLoss);
  if (!sides.takeProfit) return { ok: false, error: 'takeProfitSide' };
  if (!sides.stopLoss) return { ok: false, error: 'stopLossSide' };
  const figures = openFigures({ lots, lotPrice, multiple, openFeeRate, maintenanceRate });
  const balance = input.balance === undefined ? null : tryParseMoney(input.balance);
  if (balance !== null && figures.required > balance) return { ok: false, error: 'insufficient' };
  return {
    ok: true,
    preview: {
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
      takeProfit,
      stopLoss,
    },
  };
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

/** Checks a take-profit and stop-loss change against the entry: which one is on the wrong side. */
export function checkTpSl(
  position: Pick<LeveragePosition, 'direction' | 'entryPrice'>,
  takeProfit: string,
  stopLoss: string,
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
  return {
    ok: true,
    takeProfit: tp === null ? null : formatMoney(tp),
    stopLoss: sl === null ? null : formatMoney(sl),
  };
}

/** A fraction ("0.0005") as an exact percentage ("0.05%"): the contract's one way. */
export const ratePercent = ratePercentText;

/**
 * A position's P&L and equity as a list or its details show them: live at `live`'s mark when the
 * position is open, else as stored; each taken down to the cent (a loss shown whole), so that
 * margin, top-up and P&L add up to the equity beside them.
 */
export function shownPnlEquity(
  position: Pick<LeveragePosition, 'pnl' | 'equity'>,
  live: Pick<LiveFigures, 'pnl' | 'equity'> | null,
): { pnl: string | null; equity: string | null } {
  const pnl = live ? formatMoney(live.pnl) : position.pnl;
  const equity = live ? formatMoney(live.equity) : position.equity;
  return {
    pnl: pnl === null ? null : floorAtDisplay(pnl, 'USDT'),
    equity: equity === null ? null : floorAtDisplay(equity, 'USDT'),
  };
}
