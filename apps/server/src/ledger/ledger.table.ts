import type { Generated, Selectable } from 'kysely';

/**
 * One balance: an owner's (a user's, or the platform's) wallet in one book and currency. The
 * balance is the sum of the account's entries, kept up to date in the same database transaction.
 */
export interface LedgerAccountTable {
  id: Generated<bigint>;
  /** 'user' or 'system'. */
  owner: string;
  /** The user id; 0 for system accounts. */
  owner_id: bigint;
  /** 'demo' or 'real'. */
  book: string;
  /** coin, contract, cft, their holds (coin_hold ...), or a system wallet (treasury, fees ...). */
  wallet: string;
  currency: string;
  balance: bigint;
  /** 1 where the balance may go below zero (issuer and asset accounts; see ledger/accounts.ts). */
  can_be_negative: bigint;
  created_at: bigint;
}

/** A balanced set of entries: immutable once written (a trigger refuses UPDATE and DELETE). */
export interface LedgerTransactionTable {
  id: Generated<bigint>;
  type: string;
  /** The business record it belongs to, "transfer:42". */
  reference: string;
  /** What it was, as JSON (ledger/memo.ts); '' for transactions posted before memos existed. */
  memo: Generated<string>;
  created_at: bigint;
}

/** A transaction posted with an idempotency key: a retried post with the same key applies once. */
export interface LedgerIdempotencyTable {
  idempotency_key: string;
  transaction_id: bigint;
  /** sha256 of the postings, to refuse the same key with different content. */
  content_hash: string;
}

/**
 * The journal: every posted entry, in id order. On SQLite it is appended to in id order and has
 * no per-account index of its own; ledger_entries_by_account is that index, built from it in bulk
 * (ledger/projection.ts). On PostgreSQL its primary key is (account_id, id).
 */
export interface LedgerEntryTable {
  account_id: bigint;
  id: Generated<bigint>;
  transaction_id: bigint;
  /** Signed units: negative leaves the account. */
  amount: bigint;
  balance_after: bigint;
  created_at: bigint;
}

/** The per-account index of the journal, up to ledger_projection.entries_up_to (SQLite). */
export interface LedgerEntryByAccountTable {
  account_id: bigint;
  entry_id: bigint;
}

/** One row (id 1): every journal entry with an id up to entries_up_to is in the index. */
export interface LedgerProjectionTable {
  id: bigint;
  entries_up_to: bigint;
}

/** The first answer of an idempotent call, returned again when the same key is retried. */
export interface IdempotencyRecordTable {
  id: Generated<bigint>;
  user_id: bigint;
  call: string;
  idem_key: string;
  request_hash: string;
  response: string;
  created_at: bigint;
}

export type LedgerAccountRow = Selectable<LedgerAccountTable>;
export type LedgerEntryRow = Selectable<LedgerEntryTable>;
