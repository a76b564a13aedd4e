import * as z from 'zod/mini';
import { defineCall } from '../call';
import { FINANCIAL_ORDER_TAB } from '../constants';
import { flag } from '../console/console.fields';
import {
  amount,
  shownRate,
  intParam,
  missingOrInvalid,
  page,
  pageSize,
  requiredText,
} from '../fields';
import { pageOf } from '../money/money.schemas';
import { isTimeZone } from './financial.rules';
import {
  FINANCIAL_TIERS,
  moneyDividend,
  moneyOrder,
  moneyOrderDetail,
  moneyProduct,
  moneyProfit,
} from './financial.schemas';

/**
 * Financial (yield) packages (SPEC.md section 7 "Financial"; DESIGN.md section 3): bought from the
 * cft wallet of the caller's current book; interest is paid daily from the yield reserve, which
 * must cover every promised payment before an order is accepted. Money-moving calls take an
 * optional Idempotency-Key.
 */

const orderId = () => intParam(1, Number.MAX_SAFE_INTEGER);

export const findMoneyProduct = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/user/findMoneyProduct',
  area: 'financial',
  auth: 'optional',
  summary:
    'yield packages (beginner, advanced, premium) with their terms for orders placed now, and the capacity left',
  input: z.object({ tier: z.optional(z.enum(FINANCIAL_TIERS, { error: missingOrInvalid })) }),
  output: z.object({ list: z.array(moneyProduct) }),
});

export const buyMoneyProduct = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/user/buyMoneyProduct',
  area: 'financial',
  auth: 'user',
  summary:
    'buy a package from the cft wallet: within min, max, capacity and sale window, and only when the yield reserve covers all promised interest with this order',
  input: z.object({
    productId: intParam(1, Number.MAX_SAFE_INTEGER),
    amount: amount(),
    /**
     * The terms the trader confirmed (ours, optional; the app always sends them): an operator may
     * have changed the package since; the order is then refused (financialTermsChanged), never
     * placed under terms the trader did not see.
     */
    dailyRate: shownRate(),
    days: z.optional(intParam(1, 36_500)),
    penaltyRate: shownRate(),
    lock: z.optional(flag()),
  }),
  output: moneyOrder,
  idempotent: true,
});

export const findUserMoneyProduct = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/user/findUserMoneyProduct',
  area: 'financial',
  auth: 'user',
  summary:
    "the current book's yield orders by tab (0 in progress, 1 completed, 2 redeemed), newest first",
  input: z.object({
    tab: z._default(
      intParam(FINANCIAL_ORDER_TAB.inProgress, FINANCIAL_ORDER_TAB.redeemed),
      FINANCIAL_ORDER_TAB.inProgress,
    ),
    page: page(),
    pageSize: pageSize(),
  }),
  output: pageOf(moneyOrder),
});

export const findUserMoneyOnly = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/user/findUserMoneyOnly',
  area: 'financial',
  auth: 'user',
  summary:
    "one of the caller's yield orders with every dividend paid and what an early redemption would return now",
  input: z.object({ orderId: orderId() }),
  output: moneyOrderDetail,
});

export const findMoneyProductReturn = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/user/findMoneyProductReturn',
  area: 'financial',
  auth: 'user',
  summary:
    'redeem an in-progress order early: the penalty is deducted and the actual principal returned; interest already paid stays paid',
  input: z.object({ orderId: orderId() }),
  output: moneyOrder,
  idempotent: true,
});

export const findUserMoneyProductProfit = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/user/findUserMoneyProductProfit',
  area: 'financial',
  auth: 'user',
  summary:
    "earnings of the current book's yield orders: principal in progress, all interest paid, interest paid today (in `timeZone`, UTC by default)",
  input: z.object({
    timeZone: z.optional(requiredText(64).check(z.refine(isTimeZone, { error: 'invalidInput' }))),
  }),
  output: moneyProfit,
});

export const findMoneyProductDividends = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/user/findMoneyProductDividends',
  area: 'financial',
  auth: 'user',
  summary: "every dividend paid on the current book's yield orders (or one order's), newest first",
  input: z.object({ orderId: z.optional(orderId()), page: page(), pageSize: pageSize() }),
  output: pageOf(moneyDividend),
  ours: true,
});
