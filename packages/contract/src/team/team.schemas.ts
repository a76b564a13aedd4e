import * as z from 'zod/mini';

/**
 * Team and share link (issue 15; SPEC.md sections 2, 3, 9): invitation, direct friends (level 1)
 * and subordinate agents (level 2), rebates recorded pending when their source posts and released
 * in the window of the next day, earnings moved out only on the transfer day.
 */

export const REBATE_SOURCES = ['deposit', 'profit'] as const;
export type RebateSource = (typeof REBATE_SOURCES)[number];

/**
 * pending: recorded, waiting for its release window; released: paid into the earnings;
 * uncovered: not granted at all, because the rebate budget had no headroom when it was recorded.
 */
export const REBATE_STATES = ['pending', 'released', 'uncovered'] as const;
export type RebateState = (typeof REBATE_STATES)[number];

export const TEAM_LEVELS = [1, 2] as const;

/** The rules the trader is shown and every new rebate takes (each rebate keeps its own copy). */
export const teamTerms = /* @__PURE__ */ z.object({
  /** Fractions as decimals: "0.03" = 3 % of a level-1 friend's credited deposit. */
  depositRate: z.string(),
  /** Of a level-1 friend's positive net trading profit of a day. */
  profitRate: z.string(),
  /** The same for level 2 (a friend's friend); "0" pays nothing. */
  depositRate2: z.string(),
  profitRate2: z.string(),
  /** Local "HH:MM" in timeZone, on the day after the source. */
  windowStart: z.string(),
  windowEnd: z.string(),
  timeZone: z.string(),
  /** Day of the month on which earnings may be transferred or withdrawn. */
  transferDay: z.number(),
});
export type TeamTerms = z.output<typeof teamTerms>;

/** Earnings of one currency. `available` = released - transferred - withdrawn. */
export const teamEarnings = /* @__PURE__ */ z.object({
  currency: z.string(),
  pending: z.string(),
  released: z.string(),
  transferred: z.string(),
  withdrawn: z.string(),
  available: z.string(),
});
export type TeamEarnings = z.output<typeof teamEarnings>;

/** personAndProfit: the fields first, then what the page needs to say when things open. */
export const personAndProfit = /* @__PURE__ */ z.object({
  inviteCode: z.string(),
  /** The register page with the code filled in; relative ("/#/...") unless PUBLIC_URL is set. */
  inviteLink: z.string(),
  directCount: z.number(),
  agentCount: z.number(),
  pending: z.string(),
  released: z.string(),
  transferred: z.string(),
  withdrawn: z.string(),
  currency: z.string(),
  available: z.string(),
  /** Every currency with earnings (the one asked for first). */
  earnings: z.array(teamEarnings),
  terms: teamTerms,
  /** Whether today (in the terms' zone) is the transfer day. */
  transferOpen: z.boolean(),
  /** The start (ms) of the next transfer day (today's when open). */
  nextTransferAt: z.number(),
  serverTime: z.number(),
});
export type PersonAndProfit = z.output<typeof personAndProfit>;

export const referralRecord = /* @__PURE__ */ z.object({
  id: z.number(),
  createdAt: z.number(),
  /** The friend's phone or email, masked. */
  friend: z.string(),
  level: z.number(),
  source: z.enum(REBATE_SOURCES),
  /** The deposit's amount, or the day's net trading profit. */
  orderTotal: z.string(),
  rebate: z.string(),
  currency: z.string(),
  rate: z.string(),
  state: z.enum(REBATE_STATES),
  /**
   * The part of the rate's rebate that was not granted because the rebate budget could not cover
   * it when the rebate was recorded ("0.00000000" when granted in full). `rebate` is what is paid.
   */
  uncovered: z.string(),
  /** When the release window opens (pending) and when it was released. */
  dueAt: z.number(),
  releasedAt: z.nullable(z.number()),
  /** Due, but the rebate budget cannot pay it now: it waits for the operator to fund the budget. */
  waitingForBudget: z.boolean(),
});
export type ReferralRecord = z.output<typeof referralRecord>;

export const directFriend = /* @__PURE__ */ z.object({
  id: z.number(),
  account: z.string(),
  joinedAt: z.number(),
});
export type DirectFriend = z.output<typeof directFriend>;

export const rechargeRebateTotal = /* @__PURE__ */ z.object({
  total: z.string(),
  currency: z.string(),
});

export const recentReleases = /* @__PURE__ */ z.object({
  list: z.array(
    z.object({ account: z.string(), amount: z.string(), currency: z.string(), at: z.number() }),
  ),
});
