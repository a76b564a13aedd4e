import * as z from 'zod/mini';
import { defineCall } from '../call';
import { ORDER_TAB, SPOT_ORDER_TYPE } from '../constants';
import {
  AMOUNT_TEXT_MAX,
  amountUnits,
  intParam,
  optionalText,
  page,
  pageSize,
  requiredText,
  withinMaxAmount,
} from '../fields';
import { SYMBOL_PATTERN } from '../market/market.schemas';
import { pairBalances, placedOrder, productConfig, spotOrder } from './spot.schemas';

/* @__NO_SIDE_EFFECTS__ */
function symbolField() {
  return requiredText(21).check(
    z.toUpperCase(),
    z.refine((v) => SYMBOL_PATTERN.test(v), { error: 'currencyNotOpen' }),
  );
}

/** A positive decimal with at most 8 places, at most MAX_AMOUNT, or absent. */
/* @__NO_SIDE_EFFECTS__ */
function optionalDecimal(error: 'incorrectAmount' | 'quantityPositive') {
  return optionalText(AMOUNT_TEXT_MAX).check(
    z.refine<string | undefined>((v) => v === undefined || (amountUnits(v) ?? 0n) > 0n, {
      error,
    }),
    withinMaxAmount(),
  );
}

const orderType = /* @__PURE__ */ z.pipe(
  z.union([z.number(), z.string()], { error: 'requiredItems' }),
  z.pipe(
    z.transform((v: number | string) => Number(v)),
    z.union([z.literal(SPOT_ORDER_TYPE.limit), z.literal(SPOT_ORDER_TYPE.market)], {
      error: 'invalidInput',
    }),
  ),
);

const orderFields = {
  symbol: symbolField(),
  type: orderType,
  /** Limit orders only. */
  price: optionalDecimal('incorrectAmount'),
  /** Base quantity. */
  quantity: optionalDecimal('quantityPositive'),
};

type OrderShape = {
  type: number;
  price?: string | undefined;
  quantity?: string | undefined;
  amount?: string | undefined;
};

/** SPEC.md section 5: quantity > 0; a limit needs its price; a market buy may give the USDT amount. */
function orderRule(value: OrderShape, ctx: z.core.$RefinementCtx): void {
  const add = (message: string, path: string) =>
    ctx.addIssue({ code: 'custom', message, path: [path], input: undefined });
  if (value.type === SPOT_ORDER_TYPE.limit && value.price === undefined)
    add('requiredItems', 'price');
  if (value.quantity === undefined && value.amount === undefined) add('requiredItems', 'quantity');
}

export const insertCoinOrder = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/coinorder/insertCoinOrder',
  area: 'spot',
  auth: 'user',
  summary:
    'place a buy order: limit (type 1, price and quantity) or market (type 2, quantity or USDT amount)',
  input: z
    .object({ ...orderFields, amount: optionalDecimal('incorrectAmount') })
    .check(z.superRefine(orderRule)),
  output: placedOrder,
  idempotent: true,
});

export const sellCoinOrder = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/coinorder/sellCoinOrder',
  area: 'spot',
  auth: 'user',
  summary: 'place a sell order: limit (type 1, price and quantity) or market (type 2, quantity)',
  input: z.object(orderFields).check(z.superRefine(orderRule)),
  output: placedOrder,
  idempotent: true,
});

const cancelInput = /* @__PURE__ */ z.object({ orderId: intParam(1, Number.MAX_SAFE_INTEGER) });
const cancelled = /* @__PURE__ */ z.object({
  orderId: z.number(),
  status: z.literal('closed'),
  phase: z.literal('cancelled'),
});

export const cancelBuyOrder = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/coinorder/cancelBuyOrder',
  area: 'spot',
  auth: 'user',
  summary: "cancel one of the user's open buy orders; the held funds are released",
  input: cancelInput,
  output: cancelled,
});

export const cancelSellOrder = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/coinorder/cancelSellOrder',
  area: 'spot',
  auth: 'user',
  summary: "cancel one of the user's open sell orders; the held coins are released",
  input: cancelInput,
  output: cancelled,
});

export const findCoinOrderPage = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/coinorder/findCoinOrderPage',
  area: 'spot',
  auth: 'user',
  summary:
    'spot orders of the current book: tab 0 current (entrusted), 1 history (closed), newest first',
  input: z.object({
    tab: z._default(intParam(ORDER_TAB.current, ORDER_TAB.history), ORDER_TAB.current),
    symbol: z.optional(symbolField()),
    page: page(),
    pageSize: pageSize(),
  }),
  output: z.object({
    list: z.array(spotOrder),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  }),
});

export const findUserMoney = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/coinorder/findUserMoney',
  area: 'spot',
  auth: 'user',
  summary: "the coin wallet's balances of a pair's base and quote currency, in the current book",
  input: z.object({ symbol: symbolField() }),
  output: pairBalances,
});

export const findByBProductConfig = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/api/findByBProductConfig',
  area: 'market',
  auth: 'public',
  summary: "a product's trading rules: precision, minimum order, maker and taker fees, open or not",
  input: z.object({ symbol: symbolField() }),
  output: productConfig,
});
