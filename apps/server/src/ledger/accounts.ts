import type { AccountMode, AccountType } from '@tidemark/contract';

/** A user's spendable wallets (SPEC.md section 3) and, for each, the wallet holding its frozen part. */
export const USER_WALLETS = ['coin', 'contract', 'cft'] as const satisfies readonly AccountType[];
export type UserWallet = (typeof USER_WALLETS)[number];
export type HoldWallet = `${UserWallet}_hold`;

export const holdOf = (wallet: UserWallet): HoldWallet => `${wallet}_hold`;

/**
 * The platform's accounts (DESIGN.md section 3) that make every transaction balance. Each exists
 * in both books: the demo book has its own treasury (which funds demo accounts), fees, pool...
 * `canBeNegative`: issuer and asset accounts, whose balance is the platform's position rather than
 * money it holds.
 */
export const SYSTEM_WALLETS = {
  treasury: { canBeNegative: true },
  fees: { canBeNegative: false },
  market_maker: { canBeNegative: false },
  options_pool: { canBeNegative: true },
  /** The leveraged contract's counterparty: takes losses, pays profits, covers negative equity. */
  insurance_fund: { canBeNegative: false },
  deposits_in_transit: { canBeNegative: true },
  withdrawals_in_transit: { canBeNegative: false },
  loans_receivable: { canBeNegative: true },
  /** Coin loans are paid out of this (funded from the treasury) and repaid into it. */
  loan_fund: { canBeNegative: false },
  rebates_payable: { canBeNegative: false },
  rebate_budget: { canBeNegative: false },
  yield_reserve: { canBeNegative: false },
} as const;
export type SystemWallet = keyof typeof SYSTEM_WALLETS;

export type Book = AccountMode;

export type AccountKey =
  | { owner: 'user'; userId: number; book: Book; wallet: UserWallet | HoldWallet; currency: string }
  | { owner: 'system'; book: Book; wallet: SystemWallet; currency: string };

export const userAccount = (
  userId: number,
  book: Book,
  wallet: UserWallet | HoldWallet,
  currency: string,
): AccountKey => ({ owner: 'user', userId, book, wallet, currency });

export const systemAccount = (book: Book, wallet: SystemWallet, currency: string): AccountKey => ({
  owner: 'system',
  book,
  wallet,
  currency,
});

export function accountKeyText(key: AccountKey): string {
  const owner = key.owner === 'user' ? `user:${key.userId}` : 'system';
  return `${owner}/${key.book}/${key.wallet}/${key.currency}`;
}

/** Whether an account may hold a negative balance at all. */
export function canBeNegative(key: AccountKey): boolean {
  return key.owner === 'system' && SYSTEM_WALLETS[key.wallet].canBeNegative;
}

/**
 * Whether a posting may take this account below zero: the issuer and asset accounts always; a
 * user's contract wallet only when the posting says so (a liquidation past the margin, SPEC.md
 * section 4 "negative balance"); nothing else ever.
 */
export function mayGoNegative(key: AccountKey, allowedByPosting: boolean): boolean {
  if (canBeNegative(key)) return true;
  return allowedByPosting && key.owner === 'user' && key.wallet === 'contract';
}
