import type { Generated, Selectable } from 'kysely';

/** A currency on a chain the platform accepts, with its deposit address and withdrawal terms. */
export interface CustodyChainTable {
  id: Generated<bigint>;
  currency: string;
  chain: string;
  /** The address format of the chain (evm, tron, bitcoin, solana, ...), for validation. */
  address_format: string;
  deposit_address: string;
  deposit_enabled: bigint;
  withdraw_enabled: bigint;
  /** Units of 1e-8 of the currency. */
  withdraw_fee: bigint;
  withdraw_min: bigint;
  /** Decimal places an amount may have on this chain (at most 8). */
  decimals: Generated<bigint>;
  sort: bigint;
  updated_at: bigint;
}

/** A trader's bound withdrawal address; deleting keeps the row (withdrawals refer to it). */
export interface UserWalletTable {
  id: Generated<bigint>;
  user_id: bigint;
  currency: string;
  chain: string;
  address: string;
  image_upload_id: bigint | null;
  deleted_at: bigint | null;
  created_at: bigint;
  updated_at: bigint;
}

/** An address a trader sends deposits from, per currency and chain. */
export interface UserDepositAddressTable {
  id: Generated<bigint>;
  user_id: bigint;
  currency: string;
  chain: string;
  address: string;
  created_at: bigint;
}

export type CustodyChainRow = Selectable<CustodyChainTable>;
export type UserWalletRow = Selectable<UserWalletTable>;
export type UserDepositAddressRow = Selectable<UserDepositAddressTable>;
