import * as z from 'zod/mini';
import { ACCOUNT_MODES } from '../constants';
import { intParam, page, pageSize, requiredText } from '../fields';
import { defineConsoleCall, type OperatorRole } from '../console/console.call';
import { flag, nonNegativeAmount, recordId } from '../console/console.fields';
import { pageOf } from '../money/money.schemas';
import { DIVIDEND_TIME_PATTERN, isTimeZone } from './financial.rules';
import { FINANCIAL_TIERS, moneyOrder, moneyProduct } from './financial.schemas';

/**
 * The operator's financial calls (ours, under /console/api). Terms apply to orders placed
 * afterwards (each order keeps its copy); the reserve is funded from the treasury through the
 * ledger. Nothing here changes a paid dividend or an order's stored terms.
 */

const ADMIN: readonly OperatorRole[] = ['admin'];
const REVIEW: readonly OperatorRole[] = ['admin', 'reviewer'];
const READ: readonly OperatorRole[] = ['admin', 'reviewer', 'support'];

export const consoleMoneyProduct = /* @__PURE__ */ z.extend(moneyProduct, {
  enabled: z.boolean(),
  updatedAt: z.number(),
  /** In-progress orders and their principal, per book. */
  open: z.array(
    z.object({ book: z.enum(ACCOUNT_MODES), orders: z.number(), principal: z.string() }),
  ),
});
export type ConsoleMoneyProduct = z.output<typeof consoleMoneyProduct>;

export const consoleYieldReserve = /* @__PURE__ */ z.object({
  books: z.array(
    z.object({
      book: z.enum(ACCOUNT_MODES),
      balance: z.string(),
      /** Interest still to pay on in-progress orders, if all are held to maturity. */
      promised: z.string(),
      /** balance - promised: what new orders may still promise. */
      headroom: z.string(),
      /** balance / promised as a decimal ("1.25000000"); null when nothing is promised. */
      coverage: z.nullable(z.string()),
      openOrders: z.number(),
    }),
  ),
});
export type ConsoleYieldReserve = z.output<typeof consoleYieldReserve>;

export const consoleMoneyOrder = /* @__PURE__ */ z.extend(moneyOrder, { userId: z.number() });
export type ConsoleMoneyOrder = z.output<typeof consoleMoneyOrder>;

/* @__NO_SIDE_EFFECTS__ */
function time() {
  return requiredText(5).check(
    z.refine((v) => DIVIDEND_TIME_PATTERN.test(v), { error: 'financialTermsInvalid' }),
  );
}
/* @__NO_SIDE_EFFECTS__ */
function zone() {
  return requiredText(64).check(z.refine(isTimeZone, { error: 'financialTermsInvalid' }));
}
/** An epoch ms bound of the sale window; "" or absent clears it. */
/* @__NO_SIDE_EFFECTS__ */
function bound() {
  return z.optional(
    z.nullable(
      z.pipe(
        z.union([z.literal(''), intParam(0)], { error: 'invalidInput' }),
        z.transform((v: '' | number) => (v === '' ? null : v)),
      ),
    ),
  );
}

const terms = {
  tier: /* @__PURE__ */ z.enum(FINANCIAL_TIERS, { error: 'invalidInput' }),
  name: /* @__PURE__ */ requiredText(60),
  days: /* @__PURE__ */ intParam(1, 3650),
  dailyRate: /* @__PURE__ */ nonNegativeAmount(),
  minAmount: /* @__PURE__ */ nonNegativeAmount(),
  maxAmount: /* @__PURE__ */ nonNegativeAmount(),
  capacity: /* @__PURE__ */ nonNegativeAmount(),
  dividendTime: /* @__PURE__ */ time(),
  timeZone: /* @__PURE__ */ zone(),
  penaltyRate: /* @__PURE__ */ nonNegativeAmount(),
  lock: /* @__PURE__ */ flag(),
  saleStart: /* @__PURE__ */ bound(),
  saleEnd: /* @__PURE__ */ bound(),
  enabled: /* @__PURE__ */ flag(),
};

const products = /* @__PURE__ */ z.object({ list: z.array(consoleMoneyProduct) });

export const listMoneyProducts = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/financial/products',
  roles: READ,
  summary: 'financial packages with all their terms, status and in-progress principal per book',
  input: z.object({}),
  output: products,
});

export const addMoneyProduct = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/financial/products',
  roles: ADMIN,
  summary: 'add a package with its terms; offered to orders placed afterwards',
  input: z.object({ ...terms, enabled: z._default(flag(), true) }),
  output: products,
  audited: true,
});

export const setMoneyProduct = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/financial/products/:id',
  roles: ADMIN,
  summary:
    "change a package's terms (any of them): orders placed afterwards only; in-progress orders keep theirs",
  input: z.object({
    id: recordId(),
    tier: z.optional(terms.tier),
    name: z.optional(terms.name),
    days: z.optional(terms.days),
    dailyRate: z.optional(terms.dailyRate),
    minAmount: z.optional(terms.minAmount),
    maxAmount: z.optional(terms.maxAmount),
    capacity: z.optional(terms.capacity),
    dividendTime: z.optional(terms.dividendTime),
    timeZone: z.optional(terms.timeZone),
    penaltyRate: z.optional(terms.penaltyRate),
    lock: z.optional(terms.lock),
    saleStart: terms.saleStart,
    saleEnd: terms.saleEnd,
    enabled: z.optional(terms.enabled),
  }),
  output: products,
  audited: true,
});

export const yieldReserve = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/financial/reserve',
  roles: REVIEW,
  summary: "each book's yield reserve: balance, interest promised on in-progress orders, coverage",
  input: z.object({}),
  output: consoleYieldReserve,
});

export const fundYieldReserve = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/financial/reserve/fund',
  roles: ADMIN,
  summary: "move USDT from the book's treasury to its yield reserve (a ledger transfer)",
  input: z.object({
    book: z.enum(ACCOUNT_MODES, { error: 'invalidInput' }),
    amount: nonNegativeAmount(),
  }),
  output: consoleYieldReserve,
  audited: true,
});

export const listMoneyOrders = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/financial/orders',
  roles: READ,
  summary:
    'yield orders, newest first, by user, book and status (0 in progress, 1 completed, 2 redeemed)',
  input: z.object({
    userId: z.optional(intParam(1)),
    book: z.optional(z.enum(ACCOUNT_MODES, { error: 'invalidInput' })),
    status: z.optional(intParam(0, 2)),
    page: page(),
    pageSize: pageSize(),
  }),
  output: pageOf(consoleMoneyOrder),
});
