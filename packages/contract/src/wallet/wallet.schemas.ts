import * as z from 'zod/mini';
import { QUOTE_CURRENCY } from '../constants';
import type { ErrorKey } from '../errors';
import { requiredText } from '../fields';
import { ADDRESS_FORMATS } from './address';

/**
 * A currency code as the platform lists it ("USDT"); upper-cased on the way in. One that cannot be
 * a code answers `error`: to a trader, a currency the platform does not take.
 */
/* @__NO_SIDE_EFFECTS__ */
export function currencyField(error: ErrorKey = 'chainNotSupported') {
  return requiredText(10).check(z.toUpperCase(), z.regex(/^[A-Z0-9]{2,10}$/, { error }));
}

/** A currency, USDT when not given (a chain alone does not name the coin). */
/* @__NO_SIDE_EFFECTS__ */
export function currencyOrUsdt() {
  return z._default(currencyField(), QUOTE_CURRENCY);
}

/**
 * A chain (main network) name as the platform lists it: "TRC20", "ERC20", "Bitcoin", ... One that
 * cannot be a name answers `error`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function chainField(error: ErrorKey = 'chainNotSupported') {
  return requiredText(20).check(z.regex(/^[A-Za-z0-9_.()-]{2,20}$/, { error }));
}

/** An address as typed or pasted; its format is checked by the server against the chain. */
/* @__NO_SIDE_EFFECTS__ */
export function addressField() {
  return requiredText(128);
}

/** A currency on one chain the platform accepts, with its deposit address and withdrawal terms. */
export const chainInfo = /* @__PURE__ */ z.object({
  id: z.number(),
  currency: z.string(),
  chain: z.string(),
  addressFormat: z.enum(ADDRESS_FORMATS),
  /** The platform's address to send deposits to (show it with a QR code). */
  depositAddress: z.string(),
  depositEnabled: z.boolean(),
  withdrawEnabled: z.boolean(),
  /** Fixed fee per withdrawal, in the currency, on top of the amount. */
  withdrawFee: z.string(),
  /** Smallest amount one withdrawal may send. */
  withdrawMin: z.string(),
  /** Decimal places an amount of this currency on this chain may have. */
  decimals: z.number(),
});
export type ChainInfo = z.output<typeof chainInfo>;

/** A currency and the chains it can be deposited on or withdrawn to. */
export const walletCurrency = /* @__PURE__ */ z.object({
  currency: z.string(),
  chains: z.array(chainInfo),
});
export type WalletCurrency = z.output<typeof walletCurrency>;

/** One of the user's bound withdrawal addresses. */
export const boundWallet = /* @__PURE__ */ z.object({
  id: z.number(),
  currency: z.string(),
  chain: z.string(),
  addressFormat: z.enum(ADDRESS_FORMATS),
  address: z.string(),
  /** The optional screenshot (fetch it with /userUpload/image), or null. */
  imageId: z.nullable(z.number()),
  /** A withdrawal to this address is in progress: it cannot be edited or deleted now. */
  inUse: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type BoundWallet = z.output<typeof boundWallet>;

/** An address the user sends deposits from, on one chain (so reviewers can match transfers). */
export const userDepositAddress = /* @__PURE__ */ z.object({
  id: z.number(),
  currency: z.string(),
  chain: z.string(),
  address: z.string(),
  createdAt: z.number(),
});
export type UserDepositAddress = z.output<typeof userDepositAddress>;
