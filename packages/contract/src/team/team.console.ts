import * as z from 'zod/mini';
import { intParam, optionalText, page, pageSize, requiredText } from '../fields';
import { defineConsoleCall, type OperatorRole } from '../console/console.call';
import { nonNegativeAmount, rate } from '../console/console.fields';
import { pageOf } from '../money/money.schemas';
import { currencyField } from '../wallet/wallet.schemas';
import { REBATE_SOURCES, REBATE_STATES, teamTerms } from './team.schemas';

/**
 * The operator's team calls (ours, under /console/api): the terms for rebates recorded later,
 * the rebate budget (funded from the treasury), a trader's team two levels deep and the rebate
 * ledger. No call edits a recorded rebate: its rate, amount and window stay as recorded.
 */

const ADMIN: readonly OperatorRole[] = ['admin'];
const READ: readonly OperatorRole[] = ['admin', 'reviewer', 'support'];

export const consoleTeamBudget = /* @__PURE__ */ z.object({
  rows: z.array(
    z.object({
      currency: z.string(),
      /** What the rebate budget holds. */
      balance: z.string(),
      /** Pending rebates not yet released: what the budget has promised. */
      pending: z.string(),
      /** balance - pending; negative: a shortfall, releases wait. */
      headroom: z.string(),
      /** Rebates whose window is open now but which the budget cannot cover. */
      waiting: z.number(),
      /** Rebates the budget had no headroom for when they were recorded: never granted. */
      uncovered: z.string(),
      uncoveredCount: z.number(),
      /** Released earnings traders have not moved out yet (rebates payable). */
      payable: z.string(),
    }),
  ),
});

export const consoleRebate = /* @__PURE__ */ z.object({
  id: z.number(),
  userId: z.number(),
  friendId: z.number(),
  level: z.number(),
  source: z.enum(REBATE_SOURCES),
  sourceRef: z.string(),
  currency: z.string(),
  orderTotal: z.string(),
  rate: z.string(),
  rebate: z.string(),
  /** The part of the rate's rebate not granted for lack of budget headroom. */
  uncovered: z.string(),
  state: z.enum(REBATE_STATES),
  createdAt: z.number(),
  dueAt: z.number(),
  releasedAt: z.nullable(z.number()),
  /** Due and inside a window, but the budget could not cover it. */
  waitingForBudget: z.boolean(),
});

const member = /* @__PURE__ */ z.object({
  id: z.number(),
  account: z.string(),
  joinedAt: z.number(),
});

export const consoleTeamTree = /* @__PURE__ */ z.object({
  user: z.extend(member, { inviterId: z.nullable(z.number()), inviteCode: z.string() }),
  friends: z.array(z.extend(member, { agents: z.array(member) })),
});

export const teamTermsConsole = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/team/terms',
  roles: READ,
  summary: 'the rebate rates (levels 1 and 2), release window, time zone and transfer day',
  input: z.object({}),
  output: teamTerms,
});

/** A fraction "0.03"; checked against 0..1 by the server. */
const optionalRate = () => z.optional(rate());
const clock = () => z.optional(requiredText(5));

export const setTeamTerms = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/team/terms',
  roles: ADMIN,
  summary:
    'change rates and the release window for rebates recorded afterwards (recorded ones keep theirs)',
  input: z.object({
    depositRate: optionalRate(),
    profitRate: optionalRate(),
    depositRate2: optionalRate(),
    profitRate2: optionalRate(),
    windowStart: clock(),
    windowEnd: clock(),
  }),
  output: teamTerms,
  audited: true,
});

export const teamBudget = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/team/budget',
  roles: READ,
  summary: 'the rebate budget per currency: balance, pending obligations, releases waiting',
  input: z.object({}),
  output: consoleTeamBudget,
});

export const fundTeamBudget = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/team/budget/fund',
  roles: ADMIN,
  summary: "move a currency from the real book's treasury to the rebate budget (a ledger transfer)",
  input: z.object({ currency: currencyField('invalidInput'), amount: nonNegativeAmount() }),
  output: consoleTeamBudget,
  audited: true,
});

export const teamTree = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/team/tree',
  roles: READ,
  summary: "a trader's team two levels deep, by user id or account (email or phone)",
  input: z.object({ user: requiredText(254) }),
  output: consoleTeamTree,
});

export const teamRebates = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/team/rebates',
  roles: READ,
  summary: 'the rebate ledger, newest first, by beneficiary and state',
  input: z.object({
    userId: z.optional(intParam(1)),
    state: z.optional(z.enum(REBATE_STATES, { error: 'invalidInput' })),
    source: z.optional(z.enum(REBATE_SOURCES, { error: 'invalidInput' })),
    currency: optionalText(10),
    page: page(),
    pageSize: pageSize(),
  }),
  output: pageOf(consoleRebate),
});
