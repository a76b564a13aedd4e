import * as z from 'zod/mini';
import { defineCall } from '../call';
import { MEMBER_TIERS, ORDER_TAB } from '../constants';
import type { ErrorKey } from '../errors';
import {
  amount,
  amountUnits,
  intParam,
  MAX_AMOUNT_TEXT,
  missingOrInvalid,
  page,
  pageSize,
  requiredText,
} from '../fields';
import { MAX_AMOUNT } from '../money';
import { groupThousands } from '../rules/format';
import { SYMBOL_PATTERN } from '../market/market.schemas';
import { pageOf } from '../money/money.schemas';
import {
  contractStatus,
  LEVERAGE_DIRECTIONS,
  leveragePosition,
  leverageTerms,
  memberTierInfo,
} from './leverage.schemas';

/**
 * The leveraged contract by lot (SPEC.md section 7 "Leverage"; DESIGN.md section 3): positions on
 * the contract wallet of the caller's current book. Money-moving calls take an optional
 * Idempotency-Key.
 */

/** The most lots one position may have. */
export const LOTS_MAX = 100_000;

/** LOTS_MAX as texts say it: "100,000". */
export const LOTS_MAX_TEXT = groupThousands(String(LOTS_MAX));

/** The longest terms version (leverageTermsVersion) the open call reads. */
const TERMS_VERSION_MAX = 200;

/* @__NO_SIDE_EFFECTS__ */
function symbolField() {
  return requiredText(21).check(
    z.toUpperCase(),
    z.refine((v) => SYMBOL_PATTERN.test(v), { error: 'currencyNotOpen' }),
  );
}

const lotsError = (issue: { input: unknown }): ErrorKey =>
  issue.input === undefined || issue.input === '' ? 'requiredItems' : 'leverageLots';

/**
 * A whole number of lots, 1 to LOTS_MAX: more is "at most 100,000 lots", anything else is "lots
 * must be a whole number greater than 0".
 */
/* @__NO_SIDE_EFFECTS__ */
function lotsField() {
  return z.pipe(
    z.union(
      [
        z.number(),
        z.string().check(z.trim(), z.regex(/^-?\d{1,16}(\.\d*)?$/, { error: lotsError })),
      ],
      {
        error: lotsError,
      },
    ),
    z.pipe(
      z.transform((v: number | string) => Number(v)),
      z.number({ error: 'leverageLots' }).check(
        z.refine(Number.isInteger, { error: 'leverageLots' }),
        z.minimum(1, { error: 'leverageLots' }),
        z.refine((v) => v <= LOTS_MAX, {
          error: 'leverageLotsMax',
          params: { max: LOTS_MAX_TEXT },
        }),
      ),
    ),
  );
}

/**
 * An optional take-profit or stop-loss price: absent or empty means none; else a decimal above 0
 * with at most 8 places, at most MAX_AMOUNT, each refused with a price's own text.
 */
/* @__NO_SIDE_EFFECTS__ */
function optionalPrice() {
  return z.optional(
    z.string({ error: 'leveragePriceInvalid' }).check(
      z.trim(),
      z.refine((v) => v === '' || (amountUnits(v) ?? 0n) > 0n, {
        error: 'leveragePriceInvalid',
        abort: true,
      }),
      z.refine((v) => v === '' || (amountUnits(v) ?? 0n) <= MAX_AMOUNT, {
        error: 'leveragePriceTooLarge',
        params: { max: MAX_AMOUNT_TEXT },
      }),
    ),
  );
}

const positionId = () => intParam(1, Number.MAX_SAFE_INTEGER);

export const openContract = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/contractorder/openContract',
  area: 'leverage',
  auth: 'user',
  summary:
    'open the leveraged contract once, after the risk disclosure was accepted (again: the same answer)',
  input: z.object({}),
  output: z.object({ opened: z.literal(true) }),
});

export const backUserMultiple = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/contractorder/backUserMultiple',
  area: 'leverage',
  auth: 'user',
  summary: "the caller's member tier and the leverage multiples it allows",
  input: z.object({}),
  output: z.object({ tier: z.enum(MEMBER_TIERS), multiples: z.array(z.number()) }),
});

export const insert = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/contractorder/insert',
  area: 'leverage',
  auth: 'user',
  summary:
    'open a position by lots: margin lots x lot price and the opening fee from the contract wallet, entry = the tick at acceptance',
  input: z.object({
    symbol: symbolField(),
    direction: z.enum(LEVERAGE_DIRECTIONS, { error: missingOrInvalid }),
    lots: lotsField(),
    multiple: intParam(1, 100),
    takeProfit: optionalPrice(),
    stopLoss: optionalPrice(),
    /**
     * Ours, optional: the termsVersion of findLeverageTerms the trader confirmed. When it is not
     * the current one the call is refused (leverageTermsChanged) and nothing changes; without it
     * the current terms apply (a client built from SPEC.md alone).
     */
    termsVersion: z.optional(
      z
        .string({ error: 'invalidInput' })
        .check(z.maxLength(TERMS_VERSION_MAX, { error: 'invalidInput' })),
    ),
  }),
  output: leveragePosition,
  idempotent: true,
});

export const close = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/contractorder/close',
  area: 'leverage',
  auth: 'user',
  summary:
    'close an open position at the last tick: margin and top-ups plus P&L, less the closing fee, back to the wallet',
  input: z.object({ positionId: positionId() }),
  output: leveragePosition,
  idempotent: true,
  ours: true,
});

export const updateTpSl = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/contractorder/updateTpSl',
  area: 'leverage',
  auth: 'user',
  summary:
    "set, change or clear (empty) an open position's take-profit and stop-loss prices; both are sent each time",
  input: z.object({
    positionId: positionId(),
    takeProfit: optionalPrice(),
    stopLoss: optionalPrice(),
  }),
  output: leveragePosition,
  idempotent: true,
  ours: true,
});

export const addMargin = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/contractorder/addMargin',
  area: 'leverage',
  auth: 'user',
  summary:
    "add USDT from the contract wallet to an open position's margin (cumulative top-up); moves its liquidation price away",
  input: z.object({ positionId: positionId(), amount: amount() }),
  output: leveragePosition,
  idempotent: true,
  ours: true,
});

export const findNowCurrencyOrder = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/contractorder/findNowCurrencyOrder',
  area: 'leverage',
  auth: 'user',
  summary: "the current book's open positions with live pnl and markPrice, newest first",
  input: z.object({ symbol: z.optional(symbolField()) }),
  output: z.object({ list: z.array(leveragePosition) }),
});

export const findUserOrderList = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/contractorder/findUserOrderList',
  area: 'leverage',
  auth: 'user',
  summary: 'positions of the current book: tab 0 current (open), 1 history (closed), newest first',
  input: z.object({
    tab: z._default(intParam(ORDER_TAB.current, ORDER_TAB.history), ORDER_TAB.current),
    symbol: z.optional(symbolField()),
    page: page(),
    pageSize: pageSize(),
  }),
  output: pageOf(leveragePosition),
});

export const findContractOrderResult = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/contractorder/findContractOrderResult',
  area: 'leverage',
  auth: 'user',
  summary: "one of the caller's positions with its result: exit tick, closing fee, pnl, closedBy",
  input: z.object({ positionId: positionId() }),
  output: leveragePosition,
});

export const findContractStatus = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/contractorder/status',
  area: 'leverage',
  auth: 'user',
  summary: 'whether the caller has opened the contract (the disclosure is shown until then)',
  input: z.object({}),
  output: contractStatus,
  ours: true,
});

export const findLeverageTerms = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/api/leverage/terms',
  area: 'leverage',
  auth: 'public',
  summary:
    'terms of positions opened now: lot price, fee rates, maintenance level, protection, tiers and their multiples, symbols',
  input: z.object({}),
  output: leverageTerms,
  ours: true,
});

export const findMemberTier = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/api/leverage/tier',
  area: 'leverage',
  auth: 'user',
  summary:
    "the caller's member tier, its multiples, the 30-day real-book trading volume in USDT (spot, options, contracts), the next tier and the progress",
  input: z.object({}),
  output: memberTierInfo,
  ours: true,
});
