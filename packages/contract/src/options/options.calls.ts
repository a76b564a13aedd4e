import * as z from 'zod/mini';
import { defineCall } from '../call';
import { OPTION_DIRECTIONS, ORDER_TAB, QUOTE_CURRENCY } from '../constants';
import {
  amountOfPlaces,
  shownRate,
  intParam,
  missingOrInvalid,
  page,
  pageSize,
  requiredText,
} from '../fields';
import { SYMBOL_PATTERN } from '../market/market.schemas';
import { pageOf } from '../money/money.schemas';
import { displayPlaces } from '../rules/display';
import {
  optionOrder,
  optionPeriod,
  optionTerms,
  settlementDetail,
  settlementRecord,
} from './options.schemas';

/**
 * Option delivery (SPEC.md section 7 "Options"; DESIGN.md section 3): timed long/short contracts
 * on the contract wallet of the caller's current book, against the options pool. Money-moving
 * calls take an optional Idempotency-Key.
 */

/* @__NO_SIDE_EFFECTS__ */
function symbolField() {
  return requiredText(21).check(
    z.toUpperCase(),
    z.refine((v) => SYMBOL_PATTERN.test(v), { error: 'currencyNotOpen' }),
  );
}

const orderId = () => intParam(1, Number.MAX_SAFE_INTEGER);
/** A stake and a top-up are taken in cents, as the app shows them (USDT's display places). */
const stakeAmount = () => amountOfPlaces(displayPlaces(QUOTE_CURRENCY));

const placeInput = /* @__PURE__ */ z.object({
  symbol: symbolField(),
  direction: z.enum(OPTION_DIRECTIONS, { error: missingOrInvalid }),
  /** The stake in USDT: > 0, in cents, and within the period's min and max. */
  amount: stakeAmount(),
  periodId: intParam(1, Number.MAX_SAFE_INTEGER),
  /**
   * The period's return and loss rates as the trader confirmed them (ours, optional): an operator
   * may have changed them since; the order is then refused (optionTermsChanged), never placed under
   * terms the trader did not see.
   */
  returnRate: shownRate(),
  lossRate: shownRate(),
});

const listInput = /* @__PURE__ */ z.object({
  tab: z._default(intParam(ORDER_TAB.current, ORDER_TAB.history), ORDER_TAB.current),
  symbol: z.optional(symbolField()),
  page: page(),
  pageSize: pageSize(),
});

const running = /* @__PURE__ */ z.object({ list: z.array(optionOrder) });

export const insertCurrencyOrder = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/currencyorder/insertCurrencyOrder',
  area: 'options',
  auth: 'user',
  summary:
    'buy an option (long or short) on a period: strike = the tick current at acceptance, stake moved from the contract wallet to the options pool',
  input: placeInput,
  output: optionOrder,
  idempotent: true,
});

export const insertOrderMoney = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/currencyorder/insertOrderMoney',
  area: 'options',
  auth: 'user',
  summary:
    'top up the stake of a scheduled (period) order before it starts; the new stake stays within the period max',
  input: z.object({ orderId: orderId(), amount: stakeAmount() }),
  output: optionOrder,
  idempotent: true,
});

export const findUserOrderList = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/currencyorder/findUserOrderList',
  area: 'options',
  auth: 'user',
  summary:
    'option orders of the current book: tab 0 current (scheduled, running), 1 history (settled, failed, cancelled), newest first',
  input: listInput,
  output: pageOf(optionOrder),
});

export const findNowCurrencyOrder = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/currencyorder/findNowCurrencyOrder',
  area: 'options',
  auth: 'user',
  summary: "the current book's running option orders (both kinds), soonest expiry first",
  input: z.object({ symbol: z.optional(symbolField()) }),
  output: running,
});

export const findCurrencyOrderResult = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/currencyorder/findCurrencyOrderResult',
  area: 'options',
  auth: 'user',
  summary:
    "one of the caller's option orders with its result: settlement tick, payout, outcome and record",
  input: z.object({ orderId: orderId() }),
  output: optionOrder,
});

export const findUserPeriodsOrderList = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/periodsorder/findUserOrderList',
  area: 'options',
  auth: 'user',
  summary:
    'period (scheduled) option orders of the current book: tab 0 current, 1 history, newest first',
  input: listInput,
  output: pageOf(optionOrder),
});

export const findH5ProductPeriodsPage = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/periods/findH5ProductPeriodsPage',
  area: 'options',
  auth: 'optional',
  summary:
    "a product's periods with their terms for orders placed now: seconds, return and loss rate, min and max",
  input: z.object({ symbol: symbolField() }),
  output: z.object({ list: z.array(optionPeriod) }),
});

export const findNowPeriodsOrder = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/periodsorder/findNowPeriodsOrder',
  area: 'options',
  auth: 'user',
  summary:
    "the current book's period orders not yet settled: scheduled ones (cancellable, top-up) first",
  input: z.object({ symbol: z.optional(symbolField()) }),
  output: running,
});

export const insertPeriodsOrder = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/periodsorder/insertPeriodsOrder',
  area: 'options',
  auth: 'user',
  summary:
    'place a period order: the stake is taken now, the strike is the tick at the next boundary of its period',
  input: placeInput,
  output: optionOrder,
  idempotent: true,
  ours: true,
});

export const cancelPeriodsOrder = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/periodsorder/cancelPeriodsOrder',
  area: 'options',
  auth: 'user',
  summary: 'cancel a scheduled period order before it starts; the stake is refunded in full',
  input: z.object({ orderId: orderId() }),
  output: optionOrder,
  idempotent: true,
  ours: true,
});

export const findOptionTerms = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/api/options/terms',
  area: 'options',
  auth: 'public',
  summary:
    'where options are offered (restricted countries of the real book), the settlement tolerance, the symbols',
  input: z.object({}),
  output: optionTerms,
  ours: true,
});

export const findSettlements = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/api/options/settlements',
  area: 'options',
  auth: 'public',
  summary:
    'the public hash-chained settlement record, newest first, by symbol and expiry time (from, to in ms)',
  input: z.object({
    symbol: z.optional(symbolField()),
    from: z.optional(intParam(0)),
    to: z.optional(intParam(0)),
    page: page(),
    pageSize: pageSize(),
  }),
  output: pageOf(settlementRecord),
  ours: true,
});

/** The path's `:seq` is the input field of that name (clients fill it in). */
export const findSettlement = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/api/options/settlements/:seq',
  area: 'options',
  auth: 'public',
  summary: 'one settlement record with the logged ticks around its strike and its settlement',
  input: z.object({ seq: intParam(1, Number.MAX_SAFE_INTEGER) }),
  output: settlementDetail,
  ours: true,
});
