import {
  formatMoney,
  isAddressFormat,
  type AddressFormat,
  type BoundWallet,
  type ChainInfo,
  type UploadFile,
  type UserDepositAddress,
  type WalletCurrency,
} from '@tidemark/contract';
import { locksRows, type Executor, type Trx } from '../../db/database';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import {
  insertUpload,
  prepareImage,
  withStoredImages,
  type PreparedImage,
} from '../images/images.service';
import { isValidAddress } from './wallet.address';
import * as repo from './wallet.repository';
import type { CustodyChainRow, UserDepositAddressRow, UserWalletRow } from './wallet.table';

/** Bound withdrawal addresses one user may keep at once. */
export const MAX_WALLETS = 20;

/** A chain's address format as stored; one this version does not know reads as evm. */
function addressFormatOf(format: string): AddressFormat {
  return isAddressFormat(format) ? format : 'evm';
}

export function toChainInfo(row: CustodyChainRow): ChainInfo {
  return {
    id: Number(row.id),
    currency: row.currency,
    chain: row.chain,
    addressFormat: addressFormatOf(row.address_format),
    depositAddress: row.deposit_address,
    depositEnabled: row.deposit_enabled === 1n,
    withdrawEnabled: row.withdraw_enabled === 1n,
    withdrawFee: formatMoney(row.withdraw_fee),
    withdrawMin: formatMoney(row.withdraw_min),
    decimals: Number(row.decimals),
  };
}

/** Every accepted currency with its chains, in the configured order. */
export async function walletCurrencies(app: AppContext): Promise<WalletCurrency[]> {
  const byCurrency = new Map<string, ChainInfo[]>();
  for (const row of await repo.listChains(app.db)) {
    const list = byCurrency.get(row.currency) ?? [];
    list.push(toChainInfo(row));
    byCurrency.set(row.currency, list);
  }
  return [...byCurrency].map(([currency, chains]) => ({ currency, chains }));
}

export async function chainsOf(app: AppContext, currency: string): Promise<ChainInfo[]> {
  return (await repo.listChains(app.db, currency)).map(toChainInfo);
}

/** The chain row of a currency, or chainNotSupported. */
export async function requireChain(
  db: Executor,
  currency: string,
  chain: string,
): Promise<CustodyChainRow> {
  const row = await repo.findChain(db, currency, chain);
  if (!row) throw new DomainError('chainNotSupported');
  return row;
}

/**
 * Refuses an address that is not valid in the chain's format (addressInvalid names the chain).
 * The operator API checks platform deposit addresses with it too.
 */
export function checkAddress(
  chain: Pick<CustodyChainRow, 'chain' | 'address_format'>,
  address: string,
): void {
  if (!isValidAddress(chain.address_format, address)) {
    throw new DomainError('addressInvalid', { chain: chain.chain });
  }
}

/**
 * Checks an address a user gives for their side of a chain (a withdrawal address, the address they
 * deposit from): valid for the chain, and not one of the platform's own deposit addresses on that
 * network, which would send a withdrawal back into the platform's wallet.
 */
async function checkUserAddress(
  db: Executor,
  chain: Pick<CustodyChainRow, 'chain' | 'address_format'>,
  address: string,
): Promise<void> {
  checkAddress(chain, address);
  await refusePlatformAddress(db, chain.chain, address);
}

/**
 * Refuses any of the platform's deposit addresses on the network (USDT and ETH on ERC20 are one
 * network), compared without case: EVM addresses differ only in their checksum capitals.
 */
export async function refusePlatformAddress(
  db: Executor,
  chain: string,
  address: string,
): Promise<void> {
  const wanted = address.toLowerCase();
  const platform = await repo.platformAddressesOn(db, chain);
  if (platform.some((a) => a.toLowerCase() === wanted)) throw new DomainError('platformAddress');
}

function toBoundWallet(row: UserWalletRow, format: string, inUse: boolean): BoundWallet {
  return {
    id: Number(row.id),
    currency: row.currency,
    chain: row.chain,
    addressFormat: addressFormatOf(format),
    address: row.address,
    imageId: row.image_upload_id === null ? null : Number(row.image_upload_id),
    inUse,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

async function boundWalletsOf(app: AppContext, rows: UserWalletRow[]): Promise<BoundWallet[]> {
  const chains = await repo.listChains(app.db);
  const formatOf = (w: UserWalletRow) =>
    chains.find((c) => c.currency === w.currency && c.chain === w.chain)?.address_format ?? 'evm';
  const inUse = await repo.walletsInUse(
    app.db,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => toBoundWallet(r, formatOf(r), inUse.has(Number(r.id))));
}

export async function listWallets(
  app: AppContext,
  userId: number,
  filter: { currency?: string | undefined; chain?: string | undefined },
): Promise<BoundWallet[]> {
  return boundWalletsOf(app, await repo.activeWallets(app.db, userId, filter));
}

export interface WalletInput {
  currency: string;
  chain: string;
  address: string;
  image?: UploadFile | undefined;
}

/** Binds a withdrawal address after checking it against the chain's format. */
export async function bindWallet(
  app: AppContext,
  userId: number,
  input: WalletInput,
): Promise<BoundWallet> {
  const chain = await requireChain(app.db, input.currency, input.chain);
  await checkUserAddress(app.db, chain, input.address);
  const image = input.image ? await prepareImage(app, input.image, 'wallet') : null;
  const row = await withStoredImages(app, image ? [image] : [], () =>
    app.writer.run(async (trx) => {
      const existing = await repo.activeWallets(trx, userId);
      if (existing.length >= MAX_WALLETS)
        throw new DomainError('walletLimit', { max: MAX_WALLETS });
      if (existing.some((w) => sameWallet(w, input))) throw new DomainError('walletExists');
      const now = BigInt(app.clock.now());
      const imageId = image ? await insertUpload(app, trx, userId, image) : null;
      return repo.insertWallet(trx, {
        user_id: BigInt(userId),
        currency: input.currency,
        chain: input.chain,
        address: input.address,
        image_upload_id: imageId === null ? null : BigInt(imageId),
        deleted_at: null,
        created_at: now,
        updated_at: now,
      });
    }),
  );
  // New, so no withdrawal uses it yet.
  return toBoundWallet(row, chain.address_format, false);
}

function sameWallet(row: UserWalletRow, input: WalletInput): boolean {
  return (
    row.currency === input.currency &&
    row.chain === input.chain &&
    row.address.toLowerCase() === input.address.toLowerCase()
  );
}

/**
 * Edits one of the user's bound addresses; another user's id (or a deleted one) answers notFound,
 * and an address with a withdrawal in progress cannot change (walletInUse). No new image keeps the
 * old one.
 */
export async function updateWallet(
  app: AppContext,
  userId: number,
  id: number,
  input: WalletInput,
): Promise<BoundWallet> {
  if (!(await repo.findActiveWallet(app.db, userId, id, false))) throw new DomainError('notFound');
  const chain = await requireChain(app.db, input.currency, input.chain);
  await checkUserAddress(app.db, chain, input.address);
  const image: PreparedImage | null = input.image
    ? await prepareImage(app, input.image, 'wallet')
    : null;
  const updated = await withStoredImages(app, image ? [image] : [], () =>
    app.writer.run(async (trx) => {
      const row = await repo.findActiveWallet(trx, userId, id, locksRows(app.database));
      if (!row) throw new DomainError('notFound');
      if ((await repo.walletsInUse(trx, [id])).size > 0) throw new DomainError('walletInUse');
      const others = await repo.activeWallets(trx, userId);
      if (others.some((w) => Number(w.id) !== id && sameWallet(w, input))) {
        throw new DomainError('walletExists');
      }
      const imageId = image ? await insertUpload(app, trx, userId, image) : undefined;
      return repo.updateWallet(trx, id, {
        currency: input.currency,
        chain: input.chain,
        address: input.address,
        ...(imageId === undefined ? {} : { image_upload_id: BigInt(imageId) }),
        updated_at: BigInt(app.clock.now()),
      });
    }),
  );
  // Refused above while a withdrawal used it (the row locked on PostgreSQL: none starts meanwhile).
  return toBoundWallet(updated, chain.address_format, false);
}

/** Deletes (softly: withdrawals keep referring to it) one of the user's bound addresses. */
export async function deleteWallet(
  app: AppContext,
  userId: number,
  id: number,
): Promise<{ id: number }> {
  await app.writer.run(async (trx) => {
    const row = await repo.findActiveWallet(trx, userId, id, locksRows(app.database));
    if (!row) throw new DomainError('notFound');
    if ((await repo.walletsInUse(trx, [id])).size > 0) throw new DomainError('walletInUse');
    await repo.softDeleteWallet(trx, id, app.clock.now());
  });
  return { id };
}

/**
 * The wallet a withdrawal goes to, inside the withdrawal's transaction (locked on PostgreSQL so
 * an edit or delete waits); undefined when it is not the user's or was deleted.
 */
export function walletForWithdrawal(
  app: AppContext,
  trx: Trx,
  userId: number,
  id: number,
): Promise<UserWalletRow | undefined> {
  return repo.findActiveWallet(trx, userId, id, locksRows(app.database));
}

/** The user's wallet, outside any transaction (the checks before a withdrawal). */
export function findOwnWallet(
  app: AppContext,
  userId: number,
  id: number,
): Promise<UserWalletRow | undefined> {
  return repo.findActiveWallet(app.db, userId, id, false);
}

/** Whether the user has a bound wallet for this currency and chain. */
export async function hasWalletFor(
  app: AppContext,
  userId: number,
  currency: string,
  chain: string,
): Promise<boolean> {
  return (await repo.activeWallets(app.db, userId, { currency, chain })).length > 0;
}

function toDepositAddress(row: UserDepositAddressRow): UserDepositAddress {
  return {
    id: Number(row.id),
    currency: row.currency,
    chain: row.chain,
    address: row.address,
    createdAt: Number(row.created_at),
  };
}

export async function listDepositAddresses(
  app: AppContext,
  userId: number,
  currency: string | undefined,
): Promise<UserDepositAddress[]> {
  return (await repo.depositAddresses(app.db, userId, currency)).map(toDepositAddress);
}

/** Records (or replaces) the address the user sends deposits from on a chain. */
export async function recordDepositAddress(
  app: AppContext,
  userId: number,
  input: { currency: string; chain: string; address: string },
): Promise<UserDepositAddress> {
  const chain = await requireChain(app.db, input.currency, input.chain);
  await checkUserAddress(app.db, chain, input.address);
  const row = await app.writer.run((trx) =>
    repo.upsertDepositAddress(trx, {
      user_id: BigInt(userId),
      currency: input.currency,
      chain: input.chain,
      address: input.address,
      created_at: BigInt(app.clock.now()),
    }),
  );
  return toDepositAddress(row);
}
