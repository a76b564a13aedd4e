import * as z from 'zod/mini';
import { defineCall } from '../call';
import { ACCOUNT_CHANGE_FILTERS, ACCOUNT_TYPES, QUOTE_CURRENCY } from '../constants';
import { amount, emptyInput, missingOrInvalid, page, pageSize, requiredText } from '../fields';
import { conversionRate } from '../market/market.schemas';
import { accountChange, transferResult, userMoney } from './assets.schemas';

export const findUserMoney = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/user/findUserMoney',
  area: 'assets',
  auth: 'user',
  summary: "balances of the current book's coin, contract and cft wallets, with totals in USDT",
  input: emptyInput,
  output: userMoney,
});

export const transferUserMoney = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/userMoney/transferUserMoney',
  area: 'money',
  auth: 'user',
  summary: "move funds between the user's coin, contract and cft wallets in the current book",
  input: z
    .object({
      from: z.enum(ACCOUNT_TYPES, { error: missingOrInvalid }),
      to: z.enum(ACCOUNT_TYPES, { error: missingOrInvalid }),
      currency: z._default(
        requiredText(10).check(
          z.toUpperCase(),
          z.regex(/^[A-Z0-9]{2,10}$/, { error: 'invalidInput' }),
        ),
        QUOTE_CURRENCY,
      ),
      amount: amount(),
    })
    .check(z.refine((v) => v.from !== v.to, { error: 'transferSameWallet', path: ['to'] })),
  output: transferResult,
  idempotent: true,
});

export const selectUserAccountChange = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/user/selectUserAccountChange',
  area: 'money',
  auth: 'user',
  summary: "the current book's account-change log, newest first, by filter",
  input: z.object({
    type: z._default(z.enum(ACCOUNT_CHANGE_FILTERS, { error: 'invalidInput' }), 'all'),
    page: page(),
    pageSize: pageSize(),
  }),
  output: z.object({
    list: z.array(accountChange),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  }),
});

export const findWalletExchange = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/wallet/findWalletExchange',
  area: 'wallet',
  auth: 'public',
  summary: 'USDT conversion rates of every currency, at the last closed minute',
  input: emptyInput,
  output: z.array(conversionRate),
});

export const findNewWalletExchange = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/wallet/findNewWalletExchange',
  area: 'wallet',
  auth: 'public',
  summary: 'USDT conversion rates of every currency, at the latest tick',
  input: emptyInput,
  output: z.array(conversionRate),
});
