import type { Generated } from 'kysely';

/** A move between a user's own wallets in one book. */
export interface TransferTable {
  id: Generated<bigint>;
  user_id: bigint;
  book: string;
  from_wallet: string;
  to_wallet: string;
  currency: string;
  amount: bigint;
  created_at: bigint;
}
