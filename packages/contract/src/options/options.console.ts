import * as z from 'zod/mini';
import { ACCOUNT_MODES } from '../constants';
import { intParam, page, pageSize, requiredText } from '../fields';
import { defineConsoleCall, type OperatorRole } from '../console/console.call';
import { flag, nonNegativeAmount, rate, recordId } from '../console/console.fields';
import { SYMBOL_PATTERN } from '../market/market.schemas';
import { pageOf } from '../money/money.schemas';
import { OPTION_STATUSES, optionOrder } from './options.schemas';

/**
 * The operator's option calls (ours, under /console/api). They change terms for later orders only
 * and fund the pool from the treasury; none of them can touch a price, a tick, an order's outcome
 * or a settlement record (the server's test of the console routes proves it).
 */

const ADMIN: readonly OperatorRole[] = ['admin'];
const REVIEW: readonly OperatorRole[] = ['admin', 'reviewer'];
const READ: readonly OperatorRole[] = ['admin', 'reviewer', 'support'];

/* @__NO_SIDE_EFFECTS__ */
function symbolParam() {
  return requiredText(21).check(
    z.toUpperCase(),
    z.refine((v) => SYMBOL_PATTERN.test(v), { error: 'currencyNotOpen' }),
  );
}

const period = /* @__PURE__ */ z.object({
  id: z.number(),
  symbol: z.string(),
  seconds: z.number(),
  returnRate: z.string(),
  lossRate: z.string(),
  minAmount: z.string(),
  maxAmount: z.string(),
  enabled: z.boolean(),
  updatedAt: z.number(),
});

export const consoleOptionProducts = /* @__PURE__ */ z.object({
  products: z.array(
    z.object({
      symbol: z.string(),
      enabled: z.boolean(),
      /** The coin is open for trading in the feed's configuration (a closed coin takes no orders). */
      tradingOpen: z.boolean(),
      periods: z.array(period),
    }),
  ),
  restrictedCountries: z.array(z.string()),
});

const exposureRow = /* @__PURE__ */ z.object({
  symbol: z.string(),
  book: z.enum(ACCOUNT_MODES),
  openOrders: z.number(),
  longStake: z.string(),
  shortStake: z.string(),
  worstCasePayout: z.string(),
});

export const consoleOptionExposure = /* @__PURE__ */ z.object({
  rows: z.array(exposureRow),
  books: z.array(
    z.object({
      book: z.enum(ACCOUNT_MODES),
      poolBalance: z.string(),
      worstCasePayout: z.string(),
      /** poolBalance - worstCasePayout: what new orders may still promise. */
      headroom: z.string(),
    }),
  ),
});

export const consoleOptionPnl = /* @__PURE__ */ z.object({
  book: z.enum(ACCOUNT_MODES),
  days: z.array(
    z.object({
      /** UTC day, "2026-11-24". */
      day: z.string(),
      settled: z.number(),
      stakes: z.string(),
      payouts: z.string(),
      /** stakes - payouts: the pool's profit (negative: a loss). */
      profit: z.string(),
    }),
  ),
});

/** An order as the operator sees it: the trader's view of it, with whose and which book. */
export const consoleOptionOrder = /* @__PURE__ */ z.extend(
  z.pick(optionOrder, {
    id: true,
    kind: true,
    symbol: true,
    direction: true,
    amount: true,
    periodSeconds: true,
    returnRate: true,
    lossRate: true,
    status: true,
    openTime: true,
    settleTime: true,
    strike: true,
    settle: true,
    outcome: true,
    payout: true,
    recordSeq: true,
    createdAt: true,
  }),
  { userId: z.number(), book: z.enum(ACCOUNT_MODES) },
);

export const listOptionProducts = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/options/products',
  roles: READ,
  summary: 'option products with their periods and terms, and the restricted countries',
  input: z.object({}),
  output: consoleOptionProducts,
});

export const setOptionProduct = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/options/products/:symbol',
  roles: ADMIN,
  summary: 'open or close a symbol for new option orders (running orders settle as placed)',
  input: z.object({ symbol: symbolParam(), enabled: flag() }),
  output: consoleOptionProducts,
  audited: true,
});

export const addOptionPeriod = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/options/periods',
  roles: ADMIN,
  summary: 'add a period to a symbol, with its terms; offered to orders placed afterwards',
  input: z.object({
    symbol: symbolParam(),
    seconds: intParam(1, 86_400),
    returnRate: rate(),
    lossRate: rate(),
    minAmount: nonNegativeAmount(),
    maxAmount: nonNegativeAmount(),
    enabled: z._default(flag(), true),
  }),
  output: consoleOptionProducts,
  audited: true,
});

export const setOptionPeriod = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/options/periods/:id',
  roles: ADMIN,
  summary:
    "change a period's terms (return rate, loss rate, min, max, enabled): orders placed afterwards only",
  input: z.object({
    id: recordId(),
    returnRate: z.optional(rate()),
    lossRate: z.optional(rate()),
    minAmount: z.optional(nonNegativeAmount()),
    maxAmount: z.optional(nonNegativeAmount()),
    enabled: z.optional(flag()),
  }),
  output: consoleOptionProducts,
  audited: true,
});

export const setOptionRestrictedCountries = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/options/restricted-countries',
  roles: ADMIN,
  summary:
    'the ISO country codes (comma separated) where real-book options are refused, by primary verification country',
  input: z.object({ countries: z.string({ error: 'invalidInput' }).check(z.maxLength(2000)) }),
  output: consoleOptionProducts,
  audited: true,
});

export const fundOptionPool = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/options/pool/fund',
  roles: ADMIN,
  summary: "move USDT from the book's treasury to its options pool (a ledger transfer)",
  input: z.object({
    book: z.enum(ACCOUNT_MODES, { error: 'invalidInput' }),
    amount: nonNegativeAmount(),
  }),
  output: consoleOptionExposure,
  audited: true,
});

export const optionExposure = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/options/exposure',
  roles: REVIEW,
  summary:
    'open stakes long and short and worst-case payout per symbol and book, and each pool balance',
  input: z.object({}),
  output: consoleOptionExposure,
});

export const optionPoolPnl = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/options/pnl',
  roles: REVIEW,
  summary: "the options pool's profit and loss by UTC day of settlement, newest first",
  input: z.object({
    book: z._default(z.enum(ACCOUNT_MODES, { error: 'invalidInput' }), 'real'),
    days: z._default(intParam(1, 366), 30),
  }),
  output: consoleOptionPnl,
});

export const listOptionOrders = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/options/orders',
  roles: READ,
  summary: 'option orders, newest first, by user, book and status',
  input: z.object({
    userId: z.optional(intParam(1)),
    book: z.optional(z.enum(ACCOUNT_MODES, { error: 'invalidInput' })),
    status: z.optional(z.enum(OPTION_STATUSES, { error: 'invalidInput' })),
    page: page(),
    pageSize: pageSize(),
  }),
  output: pageOf(consoleOptionOrder),
});
