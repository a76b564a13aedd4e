import * as z from 'zod/mini';
import { ACCOUNT_MODES, MEMBER_TIERS } from '../constants';
import { intParam, page, pageSize } from '../fields';
import { defineConsoleCall, type OperatorRole } from '../console/console.call';
import { flag, nonNegativeAmount } from '../console/console.fields';
import { pageOf } from '../money/money.schemas';
import { LEVERAGE_STATUSES, leveragePosition } from './leverage.schemas';

/**
 * The operator's leverage calls (ours, under /console/api). They change the terms of positions
 * opened later and fund the insurance fund from the treasury; none of them can touch a price, a
 * position's entry or exit, or a P&L (the server's test of the console routes proves it).
 */

const ADMIN: readonly OperatorRole[] = ['admin'];
const REVIEW: readonly OperatorRole[] = ['admin', 'reviewer'];
const READ: readonly OperatorRole[] = ['admin', 'reviewer', 'support'];

const tierRow = /* @__PURE__ */ z.object({
  tier: z.enum(MEMBER_TIERS),
  threshold: z.string(),
  maxMultiple: z.number(),
});

export const consoleLeverageTerms = /* @__PURE__ */ z.object({
  lotPrice: z.string(),
  openFeeRate: z.string(),
  closeFeeRate: z.string(),
  maintenanceRate: z.string(),
  negativeBalanceProtection: z.boolean(),
  tiers: z.array(tierRow),
  updatedAt: z.number(),
});
export type ConsoleLeverageTerms = z.output<typeof consoleLeverageTerms>;

export const consoleLeverageExposure = /* @__PURE__ */ z.object({
  rows: z.array(
    z.object({
      symbol: z.string(),
      book: z.enum(ACCOUNT_MODES),
      openPositions: z.number(),
      longValue: z.string(),
      shortValue: z.string(),
      /** Margin and top-ups held. */
      held: z.string(),
      /** At the last tick: what the fund would pay (positive) or receive (negative) if all closed now. */
      unrealisedPnl: z.string(),
      markPrice: z.nullable(z.string()),
    }),
  ),
  books: z.array(
    z.object({
      book: z.enum(ACCOUNT_MODES),
      fundBalance: z.string(),
      /** The traders' open profits at the last ticks (positive P&L only): what the fund must cover. */
      openProfit: z.string(),
      /** fundBalance - openProfit. */
      headroom: z.string(),
      /** Contract wallets below zero (protection off): how many, and their sum. */
      negativeWallets: z.number(),
      negativeTotal: z.string(),
    }),
  ),
});
export type ConsoleLeverageExposure = z.output<typeof consoleLeverageExposure>;

export const FUND_MOVEMENT_KINDS = ['funding', 'pnl', 'gap', 'other'] as const;

export const consoleFundMovement = /* @__PURE__ */ z.object({
  transactionId: z.number(),
  time: z.number(),
  /** Into the fund positive, out of it negative. */
  amount: z.string(),
  balanceAfter: z.string(),
  kind: z.enum(FUND_MOVEMENT_KINDS),
  reference: z.string(),
});

export const consoleLeveragePosition = /* @__PURE__ */ z.extend(leveragePosition, {
  userId: z.number(),
});

export const listLeverageTerms = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/leverage/terms',
  roles: READ,
  summary: 'contract terms and member tier thresholds for positions opened now',
  input: z.object({}),
  output: consoleLeverageTerms,
});

export const setLeverageTerms = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/leverage/terms',
  roles: ADMIN,
  summary:
    'change the lot price, fee rates, maintenance level or negative balance protection: positions opened afterwards only',
  input: z.object({
    lotPrice: z.optional(nonNegativeAmount()),
    openFeeRate: z.optional(nonNegativeAmount()),
    closeFeeRate: z.optional(nonNegativeAmount()),
    maintenanceRate: z.optional(nonNegativeAmount()),
    negativeBalanceProtection: z.optional(flag()),
  }),
  output: consoleLeverageTerms,
  audited: true,
});

export const setLeverageTier = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/leverage/tiers/:tier',
  roles: ADMIN,
  summary:
    "change a member tier's 30-day volume threshold or maximum multiple: positions opened afterwards only",
  input: z.object({
    tier: z.enum(MEMBER_TIERS, { error: 'invalidInput' }),
    threshold: z.optional(nonNegativeAmount()),
    maxMultiple: z.optional(intParam(1, 100)),
  }),
  output: consoleLeverageTerms,
  audited: true,
});

export const leverageExposure = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/leverage/exposure',
  roles: REVIEW,
  summary:
    'open positions and exposure per symbol and book, the insurance fund against the open profits, negative wallets',
  input: z.object({}),
  output: consoleLeverageExposure,
});

export const listLeveragePositions = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/leverage/positions',
  roles: READ,
  summary: 'positions, newest first, by user, book and status',
  input: z.object({
    userId: z.optional(intParam(1)),
    book: z.optional(z.enum(ACCOUNT_MODES, { error: 'invalidInput' })),
    status: z.optional(z.enum(LEVERAGE_STATUSES, { error: 'invalidInput' })),
    page: page(),
    pageSize: pageSize(),
  }),
  output: pageOf(consoleLeveragePosition),
});

export const leverageFund = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/leverage/fund',
  roles: REVIEW,
  summary: "a book's insurance fund balance and its movements, newest first",
  input: z.object({
    book: z._default(z.enum(ACCOUNT_MODES, { error: 'invalidInput' }), 'real'),
    page: page(),
    pageSize: pageSize(),
  }),
  output: z.object({
    book: z.enum(ACCOUNT_MODES),
    balance: z.string(),
    movements: pageOf(consoleFundMovement),
  }),
});

export const fundInsurance = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/leverage/fund',
  roles: ADMIN,
  summary: "move USDT from the book's treasury to its insurance fund (a ledger transfer)",
  input: z.object({
    book: z.enum(ACCOUNT_MODES, { error: 'invalidInput' }),
    amount: nonNegativeAmount(),
  }),
  output: consoleLeverageExposure,
  audited: true,
});
