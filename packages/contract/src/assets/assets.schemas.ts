import * as z from 'zod/mini';
import { ACCOUNT_CHANGE_FILTERS, ACCOUNT_MODES, ACCOUNT_TYPES } from '../constants';
import { SPOT_SIDES } from '../spot/spot.schemas';

export const walletBalance = /* @__PURE__ */ z.object({
  currency: z.string(),
  available: z.string(),
  /** Held for open orders and pending withdrawals. */
  frozen: z.string(),
  /**
   * (available + frozen) converted to USDT at the feed's rate; null while the currency has no
   * price (a live coin its sources have not printed yet), and then left out of the totals.
   */
  usdtValue: z.nullable(z.string()),
});
export type WalletBalance = z.output<typeof walletBalance>;

export const userMoney = /* @__PURE__ */ z.object({
  /** The book these balances belong to: the account's current mode. */
  mode: z.enum(ACCOUNT_MODES),
  wallets: z.object({
    coin: z.array(walletBalance),
    contract: z.array(walletBalance),
    cft: z.array(walletBalance),
  }),
  /** Each wallet's total in USDT. */
  walletTotals: z.object({ coin: z.string(), contract: z.string(), cft: z.string() }),
  totalUsdt: z.string(),
});
export type UserMoney = z.output<typeof userMoney>;

/** The ledger transaction types of an account change (DESIGN.md section 3). */
export const LEDGER_TX_TYPES = [
  'deposit',
  'withdrawal',
  'transfer',
  'spot',
  'option',
  'contract',
  'financial',
  'loan',
  'rebate',
  'fee',
  'demo-funding',
  'adjustment',
] as const;
export type LedgerTxType = (typeof LEDGER_TX_TYPES)[number];

export const SPOT_CHANGE_KINDS = ['hold', 'release', 'rest', 'fill'] as const;
export type SpotChangeKind = (typeof SPOT_CHANGE_KINDS)[number];

export const spotChange = /* @__PURE__ */ z.object({
  kind: z.enum(SPOT_CHANGE_KINDS),
  symbol: z.string(),
  /** The trader's order (spot_orders id, as in findCoinOrderPage). */
  orderId: z.number(),
  side: z.enum(SPOT_SIDES),
  /** A fill's price and quantity of the base coin, before fees. */
  price: z.optional(z.string()),
  quantity: z.optional(z.string()),
  /** A fill's fee, in the entry's currency, already taken from its amount. */
  fee: z.optional(z.string()),
});
export type SpotChange = z.output<typeof spotChange>;

export const accountChange = /* @__PURE__ */ z.object({
  id: z.number(),
  time: z.number(),
  /** Ledger transaction type. */
  type: z.enum(LEDGER_TX_TYPES),
  /** The account-change filter this entry falls under. */
  filter: z.enum(ACCOUNT_CHANGE_FILTERS),
  wallet: z.enum(ACCOUNT_TYPES),
  currency: z.string(),
  /** Signed: negative when the wallet paid out. */
  amount: z.string(),
  balanceAfter: z.string(),
  /** The business record it belongs to, e.g. "transfer:42". */
  reference: z.string(),
  /**
   * What a spot entry was, as the ledger recorded it: an order's hold, its release (cancelled),
   * the unused rest of its hold once filled, or a fill. Absent on other types and on entries
   * posted before the ledger kept this.
   */
  spot: z.optional(spotChange),
});
export type AccountChange = z.output<typeof accountChange>;

export const transferResult = /* @__PURE__ */ z.object({
  transferId: z.number(),
  from: z.enum(ACCOUNT_TYPES),
  to: z.enum(ACCOUNT_TYPES),
  currency: z.string(),
  amount: z.string(),
  mode: z.enum(ACCOUNT_MODES),
  time: z.number(),
});
