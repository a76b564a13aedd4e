import * as z from 'zod/mini';
import { ACCOUNT_MODES } from '../constants';

/** Package tiers (SPEC.md: beginner, advanced, premium). */
export const FINANCIAL_TIERS = ['beginner', 'advanced', 'premium'] as const;
export type FinancialTier = (typeof FINANCIAL_TIERS)[number];

/**
 * A product's state for a buyer now: `selling` in its sale window with capacity left; `upcoming`
 * before its window; `ended` after it; `soldOut` at capacity; `closed` switched off by the operator.
 */
export const FINANCIAL_PRODUCT_STATUSES = [
  'selling',
  'upcoming',
  'ended',
  'soldOut',
  'closed',
] as const;
export type FinancialProductStatus = (typeof FINANCIAL_PRODUCT_STATUSES)[number];

/** An order's status is its tab: 0 in progress, 1 completed (matured), 2 redeemed early. */
export const FINANCIAL_ORDER_STATUSES = [0, 1, 2] as const;
export type FinancialOrderStatus = (typeof FINANCIAL_ORDER_STATUSES)[number];

/** A package with the terms orders placed now take (each order keeps its own copy). */
export const moneyProduct = /* @__PURE__ */ z.object({
  id: z.number(),
  tier: z.enum(FINANCIAL_TIERS),
  name: z.string(),
  days: z.number(),
  /** Decimal fraction a day: "0.00050000" is 0.05 % a day. */
  dailyRate: z.string(),
  /** dailyRate x 365, simple interest. */
  yearlyRate: z.string(),
  minAmount: z.string(),
  maxAmount: z.string(),
  /** Managed funds: the most all in-progress orders of one book may hold together. */
  capacity: z.string(),
  /**
   * What can still be bought in the caller's book (the real book for visitors): the capacity not
   * taken by in-progress orders, and no more than the yield reserve can fund the interest of.
   */
  remaining: z.string(),
  /** The daily dividend time, "HH:mm", in `timeZone` (IANA). */
  dividendTime: z.string(),
  timeZone: z.string(),
  /** Early redemption forfeits principal x penaltyRate; interest already paid stays paid. */
  penaltyRate: z.string(),
  /** Locked: no early redemption, the principal returns only at maturity. */
  lock: z.boolean(),
  /** The sale window (epoch ms); null is open on that side. */
  saleStart: z.nullable(z.number()),
  saleEnd: z.nullable(z.number()),
  status: z.enum(FINANCIAL_PRODUCT_STATUSES),
});
export type MoneyProduct = z.output<typeof moneyProduct>;

/** An order: the field names first, then the terms stored on it. */
export const moneyOrder = /* @__PURE__ */ z.object({
  id: z.number(),
  orderNo: z.string(),
  productId: z.number(),
  amount: z.string(),
  dailyRate: z.string(),
  expectedProfit: z.string(),
  profitEarned: z.string(),
  remainingDays: z.number(),
  startTime: z.number(),
  /** startTime + days x 24 h: the term's end; the principal returns at the first dividend run from then. */
  endTime: z.number(),
  days: z.number(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** What came back: the principal at maturity, principal - penalty when redeemed; null while in progress. */
  returnedPrincipal: z.nullable(z.string()),
  productName: z.string(),
  tier: z.enum(FINANCIAL_TIERS),
  yearlyRate: z.string(),
  penaltyRate: z.string(),
  lock: z.boolean(),
  dividendTime: z.string(),
  timeZone: z.string(),
  /** Days whose interest has been paid. */
  daysPaid: z.number(),
  /** The next dividend run; null once closed or all interest is paid. */
  nextDividendAt: z.nullable(z.number()),
  /** When the principal returns (in progress) or returned. */
  principalAt: z.number(),
  /** The penalty taken at an early redemption; null otherwise. */
  penalty: z.nullable(z.string()),
  closedAt: z.nullable(z.number()),
  mode: z.enum(ACCOUNT_MODES),
});
export type MoneyOrder = z.output<typeof moneyOrder>;

/** One day's interest paid on an order (one ledger transaction). */
export const moneyDividend = /* @__PURE__ */ z.object({
  id: z.number(),
  orderId: z.number(),
  orderNo: z.string(),
  /** 1..days. */
  day: z.number(),
  amount: z.string(),
  /** The dividend run it belongs to, and when it was actually paid (later after downtime). */
  dueAt: z.number(),
  paidAt: z.number(),
});
export type MoneyDividend = z.output<typeof moneyDividend>;

/** findUserMoneyOnly: the order, every dividend paid on it, and what redeeming now would return. */
export const moneyOrderDetail = /* @__PURE__ */ z.extend(moneyOrder, {
  dividends: z.array(moneyDividend),
  /** In progress and not locked: the penalty and the principal an early redemption now gives. */
  redeemPenalty: z.nullable(z.string()),
  redeemPrincipal: z.nullable(z.string()),
});
export type MoneyOrderDetail = z.output<typeof moneyOrderDetail>;

export const moneyProfit = /* @__PURE__ */ z.object({
  /** Principal of in-progress orders. */
  totalInvested: z.string(),
  /** Interest paid on every order, ever. */
  totalProfit: z.string(),
  /** Interest paid since local midnight of the caller's time zone (UTC without `localtimes`). */
  todayProfit: z.string(),
});
export type MoneyProfit = z.output<typeof moneyProfit>;
