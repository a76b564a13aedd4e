import type { Generated, Selectable } from 'kysely';

/** A deposit request: pending until an operator credits it (success) or rejects it. */
export interface DepositTable {
  id: Generated<bigint>;
  user_id: bigint;
  currency: string;
  chain: string;
  address: string;
  amount: bigint;
  image_upload_id: bigint;
  tx_hash: string | null;
  /** pending, success, rejected. */
  status: string;
  reason: string | null;
  reviewed_by: bigint | null;
  reviewed_at: bigint | null;
  ledger_transaction_id: bigint | null;
  created_at: bigint;
  updated_at: bigint;
}

/** A withdrawal: amount plus fee held at request, then moved step by step. */
export interface WithdrawalTable {
  id: Generated<bigint>;
  user_id: bigint;
  wallet_id: bigint;
  currency: string;
  chain: string;
  address: string;
  amount: bigint;
  fee: bigint;
  /** application, risk, packaging, completed, rejected, authFailed. */
  status: string;
  reason: string | null;
  tx_hash: string | null;
  reviewed_by: bigint | null;
  created_at: bigint;
  updated_at: bigint;
  risk_at: bigint | null;
  packaging_at: bigint | null;
  /** Completed, rejected or authFailed. */
  finished_at: bigint | null;
  /** The payout (completed) or the release of the hold (rejected, authFailed). */
  ledger_transaction_id: bigint | null;
}

export type DepositRow = Selectable<DepositTable>;
export type WithdrawalRow = Selectable<WithdrawalTable>;
