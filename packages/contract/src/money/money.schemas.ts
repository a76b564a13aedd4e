import * as z from 'zod/mini';
import { DEPOSIT_STATES, WITHDRAWAL_STEPS } from '../constants';

export type DepositStatus = (typeof DEPOSIT_STATES)[number];
export type WithdrawalStatus = (typeof WITHDRAWAL_STEPS)[number];

/** A transaction hash: 0x and 64 hex digits (EVM), 64 hex digits (Tron, Bitcoin) or a base58 signature (Solana). */
export const TX_HASH_PATTERN = /^(?:(?:0x)?[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{64,90})$/;

/** Withdrawal statuses still holding amount plus fee (the request is in progress). */
export const WITHDRAWAL_OPEN_STATES = ['application', 'risk', 'packaging'] as const;
/** The normal path of a withdrawal, one step after another. */
export const WITHDRAWAL_PATH = ['application', 'risk', 'packaging', 'completed'] as const;

/** A deposit request: pending until an operator credits it (success) or rejects it with a reason. */
export const depositRecord = /* @__PURE__ */ z.object({
  id: z.number(),
  currency: z.string(),
  chain: z.string(),
  /** The platform address the user was shown and sent to. */
  address: z.string(),
  amount: z.string(),
  txHash: z.nullable(z.string()),
  status: z.enum(DEPOSIT_STATES),
  /** Why it was rejected; null otherwise. */
  reason: z.nullable(z.string()),
  /** The screenshot (fetch it with /userUpload/image). */
  imageId: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
  reviewedAt: z.nullable(z.number()),
});
export type DepositRecord = z.output<typeof depositRecord>;

/**
 * One step of a withdrawal's steps view: the normal path application -> risk -> packaging ->
 * completed, each with the time it was reached (null: not yet); a withdrawal that ended rejected
 * or authFailed shows the steps it reached and then that end.
 */
export const withdrawalStep = /* @__PURE__ */ z.object({
  step: z.enum(WITHDRAWAL_STEPS),
  at: z.nullable(z.number()),
});
export type WithdrawalStep = z.output<typeof withdrawalStep>;

export const withdrawalRecord = /* @__PURE__ */ z.object({
  id: z.number(),
  walletId: z.number(),
  currency: z.string(),
  chain: z.string(),
  /** The receiving address (the bound wallet's address when requested). */
  address: z.string(),
  /** What arrives at the address. */
  amount: z.string(),
  fee: z.string(),
  /** amount + fee: what left the coin wallet (held until completed, released if refused). */
  total: z.string(),
  status: z.enum(WITHDRAWAL_STEPS),
  steps: z.array(withdrawalStep),
  /** Why it was rejected or failed authentication; null otherwise. */
  reason: z.nullable(z.string()),
  /** The chain transaction, recorded at completion when the operator gives it. */
  txHash: z.nullable(z.string()),
  createdAt: z.number(),
  updatedAt: z.number(),
  finishedAt: z.nullable(z.number()),
  /**
   * When it should have arrived (request time + the configured processing time): still in
   * progress after this, the page shows "contact online customer service" (withdrawalOverdue).
   */
  estimatedAt: z.number(),
});
export type WithdrawalRecord = z.output<typeof withdrawalRecord>;

/** Everything the withdrawal page shows before the user confirms (DESIGN.md section 1.1). */
export const withdrawTerms = /* @__PURE__ */ z.object({
  currency: z.string(),
  /** The chain these terms are for (the one asked for, or the currency's first withdrawable). */
  chain: z.string(),
  withdrawEnabled: z.boolean(),
  fee: z.string(),
  minimum: z.string(),
  decimals: z.number(),
  /** The real book's coin wallet: what can be withdrawn (amount + fee must fit). */
  available: z.string(),
  /** Held for open orders and withdrawals in progress. */
  frozen: z.string(),
  /** Trading volume (USDT) the user needs before withdrawing, and theirs so far (real book). */
  volumeThreshold: z.string(),
  volume: z.string(),
  volumeMet: z.boolean(),
  payPasswordSet: z.boolean(),
  primaryVerified: z.boolean(),
  verifyLevel: z.number(),
  /** Bound, not deleted wallets for this currency and chain. */
  walletBound: z.boolean(),
  /** An operator froze withdrawals of this account. */
  withdrawFrozen: z.boolean(),
  /** Processing time a withdrawal is expected to take, in minutes. */
  estimatedMinutes: z.number(),
  /** Every chain of the currency with its fee and minimum, for a chain picker. */
  chains: z.array(
    z.object({
      chain: z.string(),
      withdrawEnabled: z.boolean(),
      fee: z.string(),
      minimum: z.string(),
    }),
  ),
});
export type WithdrawTerms = z.output<typeof withdrawTerms>;

/** A paged list as every paged call answers it. */
/* @__NO_SIDE_EFFECTS__ */
export function pageOf<T extends z.ZodMiniType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  });
}
