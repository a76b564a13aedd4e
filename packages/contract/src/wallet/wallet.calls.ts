import * as z from 'zod/mini';
import { defineCall } from '../call';
import { emptyInput, intParam } from '../fields';
import { optionalImageFile } from '../images/images.schemas';
import {
  addressField,
  boundWallet,
  chainField,
  chainInfo,
  currencyField,
  currencyOrUsdt,
  userDepositAddress,
  walletCurrency,
} from './wallet.schemas';

export const findByWalletList = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/wallet/findByWalletList',
  area: 'wallet',
  auth: 'public',
  summary:
    'currencies and chains the platform accepts: deposit address, withdrawal fee and minimum, enabled flags',
  input: emptyInput,
  output: z.array(walletCurrency),
});

const walletFields = {
  chain: chainField(),
  address: addressField(),
  /** The coin sent on the chain; USDT when not given. */
  currency: currencyOrUsdt(),
  /** Optional screenshot of the address (e.g. from the receiving wallet app). */
  image: optionalImageFile(),
};

export const userBindingWallet = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/user/userBindingWallet',
  area: 'wallet',
  auth: 'user',
  summary:
    'bind a withdrawal address: chain, address checked against the chain format, optional screenshot',
  input: z.object(walletFields),
  output: boundWallet,
  multipart: true,
  success: 'saved',
});

export const userUpdateWallet = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/user/userUpdateWallet',
  area: 'wallet',
  auth: 'user',
  summary:
    'edit a bound withdrawal address (not while a withdrawal to it is in progress); no image keeps the old one',
  input: z.object({ id: intParam(1), ...walletFields }),
  output: boundWallet,
  multipart: true,
  success: 'saved',
});

export const selectUserWalletList = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/user/selectUserWalletList',
  area: 'wallet',
  auth: 'user',
  summary: "the user's bound withdrawal addresses, newest first (type 1: withdrawal addresses)",
  input: z.object({
    type: z.optional(intParam(1, 1)),
    currency: z.optional(currencyField()),
    chain: z.optional(chainField()),
  }),
  output: z.array(boundWallet),
});

export const userDeleteWallet = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/user/userDeleteWallet',
  area: 'wallet',
  auth: 'user',
  summary: 'delete a bound withdrawal address (not while a withdrawal to it is in progress)',
  input: z.object({ id: intParam(1) }),
  output: z.object({ id: z.number() }),
});

export const findUserIdUserAddress = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/userAddress/findUserIdUserAddress',
  area: 'wallet',
  auth: 'user',
  summary: 'the addresses the user sends deposits from, per currency and chain',
  input: z.object({ currency: z.optional(currencyField()) }),
  output: z.array(userDepositAddress),
});

export const getChain = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/userAddress/getChain',
  area: 'wallet',
  auth: 'public',
  summary: 'chains (main networks) of a currency, USDT when not given',
  input: z.object({ currency: currencyOrUsdt() }),
  output: z.array(chainInfo),
});

export const insertUserAddress = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/userAddress/insertUserAddress',
  area: 'wallet',
  auth: 'user',
  summary:
    'record the address the user sends deposits from on a chain (one per currency and chain; again replaces it)',
  input: z.object({ currency: currencyOrUsdt(), chain: chainField(), address: addressField() }),
  output: userDepositAddress,
  success: 'saved',
});
