import type { SpotSide } from '@tidemark/contract';
import {
  divMoney,
  formatMoney,
  mulDiv,
  mulMoney,
  roundMoney,
  SPOT_ORDER_TYPE,
  trimDecimal,
  tryParseMoney,
  type Money,
  type SpotOrderType,
} from '@tidemark/contract/rules';

/**
 * The order form's arithmetic, exact: every amount is a bigint of 1e-8 units (parseMoney) and
 * never a JavaScript number, rounded explicitly and always so the user is never promised more than
 * they have.
 */

/** A market buy may be entered as the base quantity or as the USDT to spend. */
export type EntryUnit = 'quantity' | 'amount';

/** The form as typed: decimal strings, possibly empty or ending in a point. */
export interface OrderDraft {
  side: SpotSide;
  type: SpotOrderType;
  price: string;
  quantity: string;
  amount: string;
  by: EntryUnit;
}

/** USDT amounts are typed and shown to the cent, as every USDT balance of the app is. */
export const AMOUNT_PLACES = 2;

export const PERCENTS = [25, 50, 75, 100] as const;
export type Percent = (typeof PERCENTS)[number];

/** Whether the draft gives the USDT to spend rather than a quantity (market buys only). */
export function usesAmount(draft: Pick<OrderDraft, 'side' | 'type' | 'by'>): boolean {
  return draft.side === 'buy' && draft.type === SPOT_ORDER_TYPE.market && draft.by === 'amount';
}

/** "12." is how a person stops typing "12.5"; the wire wants "12". */
export function finishTyped(typed: string): string {
  return typed.replace(/\.$/, '');
}

/** A typed value in units, or null when empty or unreadable. */
export function typedUnits(typed: string): Money | null {
  const finished = finishTyped(typed);
  return finished === '' ? null : tryParseMoney(finished);
}

/** Units as an input shows them: at most `places` decimals (cut, never rounded up), no trailing zeros. */
export function toInput(units: Money, places: number): string {
  const text = formatMoney(roundMoney(units, places, 'down'));
  return trimDecimal(text);
}

/**
 * A wire price (a book level, the last price) as the price input takes it: with exactly the
 * product's places, as the book shows it ("98263.70", not "98263.7").
 */
export function priceForInput(price: string, places: number): string {
  const units = tryParseMoney(price);
  return units === null ? '' : formatMoney(roundMoney(units, places, 'down'), places);
}

/** A fee rate as a percentage: "0.00100000" -> "0.1%". */
export function formatRate(rate: string): string {
  const units = tryParseMoney(rate);
  return units === null ? '--' : `${toInput(units * 100n, 8)}%`;
}

interface PercentContext {
  /** Quote available for a buy, base available for a sell. */
  available: string;
  /** The last price: what a market order's quantity is estimated at. */
  lastPrice: string | undefined;
  quantityPlaces: number;
}

/**
 * What a percentage shortcut fills in: that share of the available balance, as a quantity at the
 * form's price (a limit buy) or the last price (a market buy by quantity), as the USDT to spend (a
 * market buy by amount), or as a quantity of the coin (a sell). Null when there is no price to
 * divide by yet.
 */
export function percentFill(
  draft: OrderDraft,
  percent: Percent,
  context: PercentContext,
): { field: EntryUnit; value: string } | null {
  const available = tryParseMoney(context.available);
  if (available === null || available < 0n) return null;
  const share = mulDiv(available, BigInt(percent), 100n, 'down');
  if (draft.side === 'sell') {
    return { field: 'quantity', value: toInput(share, context.quantityPlaces) };
  }
  if (usesAmount(draft)) return { field: 'amount', value: toInput(share, AMOUNT_PLACES) };
  const price =
    draft.type === SPOT_ORDER_TYPE.limit
      ? typedUnits(draft.price)
      : tryParseMoney(context.lastPrice ?? '');
  if (price === null || price <= 0n) return null;
  return {
    field: 'quantity',
    value: toInput(divMoney(share, price, 'down'), context.quantityPlaces),
  };
}

/**
 * The order's value in USDT: price x quantity for a limit order, the amount itself for a market
 * buy by amount, and an estimate at the last price for other market orders. Null until the form
 * has what it takes.
 */
export function orderTotal(
  draft: OrderDraft,
  lastPrice: string | undefined,
): { units: Money; estimated: boolean } | null {
  if (usesAmount(draft)) {
    const amount = typedUnits(draft.amount);
    return amount === null ? null : { units: amount, estimated: false };
  }
  const limit = draft.type === SPOT_ORDER_TYPE.limit;
  const price = limit ? typedUnits(draft.price) : tryParseMoney(lastPrice ?? '');
  const quantity = typedUnits(draft.quantity);
  if (price === null || quantity === null) return null;
  return { units: orderValue(price, quantity, draft.side), estimated: !limit };
}

/**
 * Price x quantity in USDT, rounded so the figure never flatters the trader: a buy's cost up (what
 * its hold takes; the fills pay at most that), a sell's proceeds down (the fills fetch at most
 * that). The form's total and the confirmation sheet's both come from here.
 */
function orderValue(price: Money, quantity: Money, side: SpotSide): Money {
  return mulMoney(price, quantity, side === 'buy' ? 'up' : 'down');
}

/** Whether an order adds to the book (maker) or takes from it (taker), for its fee rate. */
export type FeeRole = 'maker' | 'taker';

interface SheetContext {
  lastPrice: string | undefined;
  /** The best prices of the book, when it is known: a limit order that crosses them takes. */
  bestBid: string | undefined;
  bestAsk: string | undefined;
  makerFeeRate: string;
  takerFeeRate: string;
  quantityPlaces: number;
}

/** What the confirmation sheet shows of an order, in exact units. */
export interface OrderFigures {
  /** The limit price, or the last price a market order is estimated at (null: unknown yet). */
  price: Money | null;
  /** Base quantity bought or sold (for a market buy by amount: what the amount comes to). */
  quantity: Money | null;
  /** The order's value in the quote currency: what a buy pays, what a sell fetches before fee. */
  total: Money | null;
  role: FeeRole;
  /** The rate of that role, as the product's configuration gives it ("0.00100000"). */
  rate: string;
  /** The fee, in what the trader receives: the base coin on a buy, the quote on a sell. */
  fee: Money | null;
  feeIn: 'base' | 'quote';
  /** What the trader receives after the fee. */
  receives: Money | null;
  /** True when price, quantity or total are estimated at the last price (market orders). */
  estimated: boolean;
}

/**
 * The figures of the confirmation sheet, as the server will settle them (spot.settle): a buyer
 * pays its fee in the coin it receives and a seller in the USDT it receives, each the rate of its
 * role times what it receives, rounded down. A market order takes; a limit order takes when its
 * price reaches the other side of the book, and makes otherwise. Market orders are estimated at
 * the last price; the book may fill them elsewhere.
 */
export function orderFigures(draft: OrderDraft, context: SheetContext): OrderFigures {
  const limit = draft.type === SPOT_ORDER_TYPE.limit;
  const buying = draft.side === 'buy';
  const price = limit ? typedUnits(draft.price) : tryParseMoney(context.lastPrice ?? '');
  let quantity: Money | null;
  let total: Money | null;
  if (usesAmount(draft)) {
    total = typedUnits(draft.amount);
    quantity =
      total !== null && price !== null && price > 0n
        ? roundMoney(divMoney(total, price, 'down'), context.quantityPlaces, 'down')
        : null;
  } else {
    quantity = typedUnits(draft.quantity);
    total = quantity !== null && price !== null ? orderValue(price, quantity, draft.side) : null;
  }

  let role: FeeRole = 'taker';
  if (limit && price !== null) {
    const against = tryParseMoney((buying ? context.bestAsk : context.bestBid) ?? '');
    const crosses = against !== null && (buying ? price >= against : price <= against);
    // With no book to compare with, the higher of the two rates is the honest estimate.
    if (against === null)
      role = rateUnits(context.makerFeeRate) > rateUnits(context.takerFeeRate) ? 'maker' : 'taker';
    else role = crosses ? 'taker' : 'maker';
  }
  const rate = role === 'maker' ? context.makerFeeRate : context.takerFeeRate;
  const received = buying ? quantity : total;
  const fee = received === null ? null : mulMoney(received, rateUnits(rate), 'down');
  return {
    price,
    quantity,
    total,
    role,
    rate,
    fee,
    feeIn: buying ? 'base' : 'quote',
    receives: received === null || fee === null ? null : received - fee,
    estimated: !limit,
  };
}

function rateUnits(rate: string): Money {
  return tryParseMoney(rate) ?? 0n;
}
