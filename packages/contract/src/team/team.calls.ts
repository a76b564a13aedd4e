import * as z from 'zod/mini';
import { defineCall } from '../call';
import { amount, intParam, page, pageSize } from '../fields';
import { pageOf, withdrawalRecord } from '../money/money.schemas';
import { currencyOrUsdt } from '../wallet/wallet.schemas';
import {
  directFriend,
  personAndProfit as personAndProfitSchema,
  rechargeRebateTotal,
  recentReleases,
  referralRecord,
} from './team.schemas';

/**
 * Team and share link (SPEC.md section 7 "Team"; DESIGN.md section 3 "Team"). Rebates come from
 * invited friends' real-book activity only; the money-moving calls take an optional
 * Idempotency-Key and work only on the transfer day (the 25th) in the terms' time zone.
 */

const paged = () => z.object({ page: page(), pageSize: pageSize() });

export const personAndProfit = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/team/personAndProfit',
  area: 'team',
  auth: 'user',
  summary:
    'invitation code and link, counts of direct friends and subordinate agents, earnings (pending, released, transferred, withdrawn) and the rebate rules',
  input: z.object({ currency: currencyOrUsdt() }),
  output: personAndProfitSchema,
});

export const subReceivePage = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/team/subReceivePage',
  area: 'team',
  auth: 'user',
  summary:
    "the caller's referral records, newest first: date, friend (masked), level, source, order total, rebate, state",
  input: paged(),
  output: pageOf(referralRecord),
});

export const receiveRechargeAmount = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/team/receiveRechargeAmount',
  area: 'team',
  auth: 'user',
  summary: "rebate earned from invitees' deposits (pending and released), in one currency",
  input: z.object({ currency: currencyOrUsdt() }),
  output: rechargeRebateTotal,
});

export const randomAmount = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/team/randomAmount',
  area: 'team',
  auth: 'optional',
  summary: 'the latest real rebate releases on the platform, accounts masked (never generated)',
  input: z.object({}),
  output: recentReleases,
});

export const moneyTransfer = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/team/moneyTransfer',
  area: 'team',
  auth: 'user',
  summary:
    'move released rebate earnings to the real coin wallet; only on the transfer day (the 25th) in the terms\u2019 zone',
  input: z.object({ amount: amount(), currency: currencyOrUsdt() }),
  output: personAndProfitSchema,
  idempotent: true,
});

export const subP1User = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/team/subP1User',
  area: 'team',
  auth: 'user',
  summary: "the caller's direct (level 1) friends, newest first, accounts masked",
  input: paged(),
  output: pageOf(directFriend),
});

export const withdrawCurrency = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/team/withdrawCurrency',
  area: 'team',
  auth: 'user',
  summary:
    'withdraw released rebate earnings to a bound address through the normal withdrawal (pay password, review); amount plus the chain fee come from the earnings; only on the transfer day',
  input: z.object({
    walletId: intParam(1),
    amount: amount(),
    payPassword: z._default(z.string({ error: 'payPasswordEmpty' }).check(z.maxLength(64)), ''),
  }),
  output: withdrawalRecord,
  idempotent: true,
  success: 'submittedForReview',
});
