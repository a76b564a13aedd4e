import { WITHDRAWAL_OPEN_STATES } from '@tidemark/contract';
import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database';
import type {
  CustodyChainRow,
  CustodyChainTable,
  UserDepositAddressRow,
  UserWalletRow,
  UserWalletTable,
} from './wallet.table';

export function listChains(db: Executor, currency?: string): Promise<CustodyChainRow[]> {
  return db
    .selectFrom('custody_chains')
    .selectAll()
    .$if(currency !== undefined, (qb) => qb.where('currency', '=', currency ?? ''))
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The platform's deposit addresses on one network, whatever the currency (USDT and ETH share ERC20). */
export async function platformAddressesOn(db: Executor, chain: string): Promise<string[]> {
  const rows = await db
    .selectFrom('custody_chains')
    .select('deposit_address')
    .where('chain', '=', chain)
    .execute();
  return rows.map((r) => r.deposit_address);
}

export function findChain(
  db: Executor,
  currency: string,
  chain: string,
): Promise<CustodyChainRow | undefined> {
  return db
    .selectFrom('custody_chains')
    .selectAll()
    .where('currency', '=', currency)
    .where('chain', '=', chain)
    .executeTakeFirst();
}

/** Inserts a chain unless that currency and chain exist (first start; never overwrites). */
export async function insertChainIfMissing(
  db: Executor,
  row: Insertable<CustodyChainTable>,
): Promise<boolean> {
  const result = await db
    .insertInto('custody_chains')
    .values(row)
    .onConflict((oc) => oc.columns(['currency', 'chain']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** The user's bound wallets that are not deleted, newest first. */
export function activeWallets(
  db: Executor,
  userId: number,
  filter: { currency?: string | undefined; chain?: string | undefined } = {},
): Promise<UserWalletRow[]> {
  return db
    .selectFrom('user_wallets')
    .selectAll()
    .where('user_id', '=', BigInt(userId))
    .where('deleted_at', 'is', null)
    .$if(filter.currency !== undefined, (qb) => qb.where('currency', '=', filter.currency ?? ''))
    .$if(filter.chain !== undefined, (qb) => qb.where('chain', '=', filter.chain ?? ''))
    .orderBy('id', 'desc')
    .execute();
}

/**
 * One of the user's wallets that is not deleted; on PostgreSQL locked for the transaction, so a
 * withdrawal and an edit or delete of its wallet cannot pass each other.
 */
export function findActiveWallet(
  db: Executor,
  userId: number,
  id: number,
  lock: boolean,
): Promise<UserWalletRow | undefined> {
  return db
    .selectFrom('user_wallets')
    .selectAll()
    .where('id', '=', BigInt(id))
    .where('user_id', '=', BigInt(userId))
    .where('deleted_at', 'is', null)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export function insertWallet(
  db: Executor,
  row: Insertable<UserWalletTable>,
): Promise<UserWalletRow> {
  return db.insertInto('user_wallets').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateWallet(
  db: Executor,
  id: number,
  patch: {
    currency: string;
    chain: string;
    address: string;
    image_upload_id?: bigint | null;
    updated_at: bigint;
  },
): Promise<UserWalletRow> {
  return db
    .updateTable('user_wallets')
    .set(patch)
    .where('id', '=', BigInt(id))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function softDeleteWallet(db: Executor, id: number, now: number): Promise<void> {
  await db
    .updateTable('user_wallets')
    .set({ deleted_at: BigInt(now), updated_at: BigInt(now) })
    .where('id', '=', BigInt(id))
    .execute();
}

/** Wallet ids among `ids` with a withdrawal still in progress. */
export async function walletsInUse(db: Executor, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('withdrawals')
    .select('wallet_id')
    .distinct()
    .where(
      'wallet_id',
      'in',
      ids.map((id) => BigInt(id)),
    )
    .where('status', 'in', [...WITHDRAWAL_OPEN_STATES])
    .execute();
  return new Set(rows.map((r) => Number(r.wallet_id)));
}

export function depositAddresses(
  db: Executor,
  userId: number,
  currency?: string,
): Promise<UserDepositAddressRow[]> {
  return db
    .selectFrom('user_deposit_addresses')
    .selectAll()
    .where('user_id', '=', BigInt(userId))
    .$if(currency !== undefined, (qb) => qb.where('currency', '=', currency ?? ''))
    .orderBy('currency')
    .orderBy('chain')
    .execute();
}

/** One address per user, currency and chain: recording it again replaces the address. */
export async function upsertDepositAddress(
  db: Executor,
  row: { user_id: bigint; currency: string; chain: string; address: string; created_at: bigint },
): Promise<UserDepositAddressRow> {
  return db
    .insertInto('user_deposit_addresses')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'currency', 'chain'])
        .doUpdateSet({ address: row.address, created_at: row.created_at }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}
