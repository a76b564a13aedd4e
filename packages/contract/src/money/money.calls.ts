import * as z from 'zod/mini';
import { defineCall } from '../call';
import { DEPOSIT_STATES, WITHDRAWAL_STEPS } from '../constants';
import { amount, intParam, optionalText, page, pageSize } from '../fields';
import { imageFile } from '../images/images.schemas';
import { chainField, currencyField, currencyOrUsdt } from '../wallet/wallet.schemas';
import {
  depositRecord,
  pageOf,
  TX_HASH_PATTERN,
  withdrawalRecord,
  withdrawTerms,
} from './money.schemas';

export const insertUserRecharge = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/userMoney/insertUserRecharge',
  area: 'money',
  auth: 'user',
  summary:
    'deposit request to the real book: currency, chain, amount, screenshot, optional transaction hash; awaits review',
  input: z.object({
    currency: currencyField(),
    chain: chainField(),
    amount: amount(),
    image: imageFile(),
    txHash: optionalText(130).check(
      z.refine((v) => v === undefined || TX_HASH_PATTERN.test(v), { error: 'txHashFormat' }),
    ),
  }),
  output: depositRecord,
  idempotent: true,
  multipart: true,
  success: 'submittedForReview',
});

export const insertUserWithdraw = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/userMoney/insertUserWithdraw',
  area: 'money',
  auth: 'user',
  summary:
    'withdrawal request from the real book to a bound address: amount plus the chain fee is held; awaits review',
  input: z.object({
    walletId: intParam(1),
    amount: amount(),
    /** Checked after "wallet bound" and "primary verification" (SPEC.md section 5 order). */
    payPassword: z._default(z.string({ error: 'payPasswordEmpty' }).check(z.maxLength(64)), ''),
  }),
  output: withdrawalRecord,
  idempotent: true,
  success: 'submittedForReview',
});

export const findByUserRechargePage = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/user/findByUserRechargePage',
  area: 'money',
  auth: 'user',
  summary: "the user's deposit records, newest first (optionally one status, or one id)",
  input: z.object({
    status: z.optional(z.enum(DEPOSIT_STATES, { error: 'invalidInput' })),
    id: z.optional(intParam(1)),
    page: page(),
    pageSize: pageSize(),
  }),
  output: pageOf(depositRecord),
});

export const findByUserWithdrawPage = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/user/findByUserWithdrawPage',
  area: 'money',
  auth: 'user',
  summary:
    "the user's withdrawal records with their steps and rejection reason, newest first (optionally one status, or one id)",
  input: z.object({
    status: z.optional(z.enum(WITHDRAWAL_STEPS, { error: 'invalidInput' })),
    id: z.optional(intParam(1)),
    page: page(),
    pageSize: pageSize(),
  }),
  output: pageOf(withdrawalRecord),
});

export const findWithdrawTerms = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/userMoney/withdrawTerms',
  area: 'money',
  auth: 'user',
  summary:
    'what a withdrawal needs, shown before confirming: fee, minimum, volume threshold and own volume, pay password, verification, balance',
  input: z.object({ currency: currencyOrUsdt(), chain: z.optional(chainField()) }),
  output: withdrawTerms,
  ours: true,
});
