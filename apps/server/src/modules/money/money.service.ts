import { createHash } from 'node:crypto';
import {
  formatMoney,
  trimDecimal,
  hasPrecision,
  parseMoney,
  VERIFY_LEVEL,
  WITHDRAWAL_PATH,
  type DepositRecord,
  type DepositStatus,
  type UploadFile,
  type WithdrawalRecord,
  type WithdrawalStatus,
  type WithdrawalStep,
  type WithdrawTerms,
} from '@tidemark/contract';
import type { Trx } from '../../db/database';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { userAccount } from '../../ledger/accounts';
import { checkAmountLimit } from '../../ledger/amount-limits';
import { earlierAnswer, once } from '../../ledger/idempotency';
import type { Posting } from '../../ledger/ledger';
import { userBalances } from '../../ledger/queries';
import { notifyBalances } from '../assets/assets.service';
import { insertUpload, prepareImage, withStoredImages } from '../images/images.service';
import { refuseWithdrawalWhileOverdue } from '../loan/loan.service';
import { checkPayPassword } from '../user/user.service';
import {
  chainsOf,
  findOwnWallet,
  hasWalletFor,
  refusePlatformAddress,
  requireChain,
  walletForWithdrawal,
} from '../wallet/wallet.service';
import * as repo from './money.repository';
import { withdrawSettings } from './money.settings';
import type { DepositRow, WithdrawalRow } from './money.table';

/** Deposits and withdrawals always use the real book (issue 5). */
const BOOK = 'real' as const;

/** A deposit or withdrawal as the review functions and the operator API see it: with its owner. */
export type UserDepositRecord = DepositRecord & { userId: number };
export type UserWithdrawalRecord = WithdrawalRecord & { userId: number };

export function toDepositRecord(row: DepositRow): UserDepositRecord {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    currency: row.currency,
    chain: row.chain,
    address: row.address,
    amount: formatMoney(row.amount),
    txHash: row.tx_hash,
    status: row.status as DepositStatus,
    reason: row.reason,
    imageId: Number(row.image_upload_id),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    reviewedAt: row.reviewed_at === null ? null : Number(row.reviewed_at),
  };
}

const time = (value: bigint | null) => (value === null ? null : Number(value));

/** The steps view: the normal path with the time each step was reached, or where it ended. */
function stepsOf(row: WithdrawalRow): WithdrawalStep[] {
  const status = row.status as WithdrawalStatus;
  const reachedAt: Record<(typeof WITHDRAWAL_PATH)[number], number | null> = {
    application: Number(row.created_at),
    risk: time(row.risk_at),
    packaging: time(row.packaging_at),
    completed: status === 'completed' ? time(row.finished_at) : null,
  };
  const path = WITHDRAWAL_PATH.map((step) => ({ step, at: reachedAt[step] }));
  if (status !== 'rejected' && status !== 'authFailed') return path;
  return [...path.filter((s) => s.at !== null), { step: status, at: time(row.finished_at) }];
}

export function toWithdrawalRecord(
  row: WithdrawalRow,
  estimateMinutes: number,
): UserWithdrawalRecord {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    walletId: Number(row.wallet_id),
    currency: row.currency,
    chain: row.chain,
    address: row.address,
    amount: formatMoney(row.amount),
    fee: formatMoney(row.fee),
    total: formatMoney(row.amount + row.fee),
    status: row.status as WithdrawalStatus,
    steps: stepsOf(row),
    reason: row.reason,
    txHash: row.tx_hash,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    finishedAt: time(row.finished_at),
    estimatedAt: Number(row.created_at) + estimateMinutes * 60_000,
  };
}

/** The trader's view: the owner is the caller. */
function own<T extends { userId: number }>(record: T): Omit<T, 'userId'> {
  const { userId: _userId, ...rest } = record;
  return rest;
}

export interface MoneyRequest {
  userId: number;
  idempotencyKey: string | undefined;
  /** The call's path (the idempotency key is per call). */
  call: string;
}

function checkPrecision(amount: bigint, decimals: bigint): void {
  if (!hasPrecision(amount, Number(decimals))) {
    throw new DomainError('amountPrecision', { places: Number(decimals) });
  }
}

export interface DepositInput {
  currency: string;
  chain: string;
  amount: string;
  image: UploadFile;
  txHash?: string | undefined;
}

/**
 * A deposit request to the real book: the chain must accept deposits, the amount fit the chain's
 * precision, the screenshot be an image. It waits (pending) for an operator; nothing reaches the
 * ledger before approval. Once per Idempotency-Key.
 */
export async function requestDeposit(
  app: AppContext,
  request: MoneyRequest,
  input: DepositInput,
): Promise<DepositRecord> {
  const chain = await requireChain(app.db, input.currency, input.chain);
  if (chain.deposit_enabled !== 1n) throw new DomainError('depositSuspended');
  const amount = parseMoney(input.amount);
  checkPrecision(amount, chain.decimals);
  checkAmountLimit(app.config.amountLimits, input.currency, amount);
  const image = await prepareImage(app, input.image, 'deposit');
  const imageHash =
    input.image instanceof Uint8Array ? createHash('sha256').update(input.image).digest('hex') : '';
  const record = await withStoredImages(app, [image], () =>
    once(
      app.writer,
      {
        userId: request.userId,
        call: request.call,
        key: request.idempotencyKey,
        input: {
          currency: input.currency,
          chain: input.chain,
          amount: formatMoney(amount),
          txHash: input.txHash ?? null,
          image: imageHash,
        },
        now: app.clock.now(),
      },
      async (trx) => {
        const now = BigInt(app.clock.now());
        const imageId = await insertUpload(app, trx, request.userId, image);
        const row = await repo.insertDeposit(trx, {
          user_id: BigInt(request.userId),
          currency: input.currency,
          chain: input.chain,
          address: chain.deposit_address,
          amount,
          image_upload_id: BigInt(imageId),
          tx_hash: input.txHash ?? null,
          status: 'pending',
          reason: null,
          reviewed_by: null,
          reviewed_at: null,
          ledger_transaction_id: null,
          created_at: now,
          updated_at: now,
        });
        return own(toDepositRecord(row));
      },
    ),
  );
  return record;
}

export interface WithdrawInput {
  walletId: number;
  amount: string;
  payPassword: string;
}

/** Spot trading volume (USDT, real book) and the configured threshold. */
async function volumeCheck(app: AppContext, userId: number) {
  const [settings, volume] = await Promise.all([
    withdrawSettings(app.db),
    repo.realSpotVolume(app.db, userId),
  ]);
  return { settings, volume, met: volume >= settings.volumeThreshold };
}

/**
 * A withdrawal request from the real book's coin wallet to a bound address. The checks, in
 * SPEC.md section 5 order, each with its catalogue text: wallet bound, primary verification, pay
 * password set and correct, the trading-volume threshold, the amount (> 0, the chain's precision,
 * at least the minimum), then amount + fee within the available balance. An operator's withdrawal
 * freeze refuses first. The row and the hold (amount + fee, coin -> coin_hold) are one
 * transaction; once per Idempotency-Key. Any time of day (SPEC.md section 9: 24 hours).
 */
export async function requestWithdrawal(
  app: AppContext,
  request: MoneyRequest,
  input: WithdrawInput,
  /**
   * Where the money comes from when it is not yet in the coin wallet (the team's earnings): runs
   * in the same transaction before the hold, and answers what to record once the row exists.
   */
  fund?: (
    trx: Trx,
    hold: { currency: string; total: bigint },
  ) => Promise<(withdrawalId: bigint) => Promise<void>>,
  /** A refusal of the caller's own (the team's 25th) that comes after a keyed retry's answer. */
  gate?: () => Promise<void>,
): Promise<WithdrawalRecord> {
  const { userId } = request;
  const idempotent = {
    userId,
    call: request.call,
    key: request.idempotencyKey,
    // The pay password is not part of the stored request hash.
    input: { walletId: input.walletId, amount: formatMoney(parseMoney(input.amount)), book: BOOK },
    now: app.clock.now(),
  };
  // A retry of a request that went through answers as the first time, whatever changed since.
  const earlier = await earlierAnswer<WithdrawalRecord>(app.db, idempotent);
  if (earlier) return earlier;
  await gate?.();
  const user = await repo.withdrawalUser(app.db, userId);
  if (!user) throw new DomainError('sessionExpired');
  if (user.withdraw_frozen !== 0n) throw new DomainError('withdrawFrozen');
  // An overdue loan is repaid before anything leaves the platform (issue 14).
  await refuseWithdrawalWhileOverdue(app, app.db, userId);
  const wallet = await findOwnWallet(app, userId, input.walletId);
  if (!wallet) throw new DomainError('walletNotBound');
  if (Number(user.verify_level) < VERIFY_LEVEL.primary) {
    throw new DomainError('primaryVerificationRequired');
  }
  if (user.pay_password_hash === null) throw new DomainError('noPayPassword');
  if (!input.payPassword) throw new DomainError('payPasswordEmpty');
  await checkPayPassword(app, userId, input.payPassword);
  const { settings, volume, met } = await volumeCheck(app, userId);
  if (!met) {
    throw new DomainError('volumeThreshold', {
      required: formatMoney(settings.volumeThreshold, 2),
      current: formatMoney(volume, 2),
    });
  }
  const chain = await requireChain(app.db, wallet.currency, wallet.chain);
  if (chain.withdraw_enabled !== 1n) throw new DomainError('withdrawSuspended');
  // Bound before an operator made it one of the platform's own deposit addresses.
  await refusePlatformAddress(app.db, chain.chain, wallet.address);
  const amount = parseMoney(input.amount);
  checkPrecision(amount, chain.decimals);
  checkAmountLimit(app.config.amountLimits, chain.currency, amount);
  if (amount < chain.withdraw_min) {
    throw new DomainError('withdrawBelowMinimum', {
      min: trimDecimal(formatMoney(chain.withdraw_min)),
      currency: chain.currency,
    });
  }
  const fee = chain.withdraw_fee;
  const total = amount + fee;
  const currency = chain.currency;

  const record = await once(app.writer, idempotent, async (trx) => {
    // Again inside the transaction: the wallet (locked on PostgreSQL) and the freeze.
    const bound = await walletForWithdrawal(app, trx, userId, input.walletId);
    if (!bound) throw new DomainError('walletNotBound');
    // Edited since the checks above (fee and minimum were of its old chain): ask to refresh.
    if (
      bound.currency !== wallet.currency ||
      bound.chain !== wallet.chain ||
      bound.address !== wallet.address
    ) {
      throw new DomainError('reviewStateChanged');
    }
    const frozen = await repo.withdrawalUser(trx, userId);
    if (frozen?.withdraw_frozen !== 0n) throw new DomainError('withdrawFrozen');
    const postings: Posting[] = [
      { account: userAccount(userId, BOOK, 'coin', currency), amount: -total },
      { account: userAccount(userId, BOOK, 'coin_hold', currency), amount: total },
    ];
    const funded = fund ? await fund(trx, { currency, total }) : undefined;
    // Refuses an amount over the balance before the row is written.
    await app.ledger.precheck(trx, postings);
    const now = BigInt(app.clock.now());
    const row = await repo.insertWithdrawal(trx, {
      user_id: BigInt(userId),
      wallet_id: bound.id,
      currency,
      chain: bound.chain,
      address: bound.address,
      amount,
      fee,
      status: 'application',
      reason: null,
      tx_hash: null,
      reviewed_by: null,
      created_at: now,
      updated_at: now,
      risk_at: null,
      packaging_at: null,
      finished_at: null,
      ledger_transaction_id: null,
    });
    await app.ledger.post(trx, {
      type: 'withdrawal',
      reference: `withdrawal:${row.id}`,
      idempotencyKey: `withdrawal-hold:${row.id}`,
      postings,
    });
    await funded?.(row.id);
    return own(toWithdrawalRecord(row, settings.estimateMinutes));
  });
  await notifyBalances(app, userId, BOOK, [{ wallet: 'coin', currency }]);
  return record;
}

interface PageInput {
  status?: string | undefined;
  id?: number | undefined;
  page: number;
  pageSize: number;
}

export async function depositRecords(app: AppContext, userId: number, query: PageInput) {
  const { rows, total } = await repo.userRecordPage(app.db, 'deposits', { userId, ...query });
  return {
    list: rows.map((r) => own(toDepositRecord(r))),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function withdrawalRecords(app: AppContext, userId: number, query: PageInput) {
  const [{ rows, total }, settings] = await Promise.all([
    repo.userRecordPage(app.db, 'withdrawals', { userId, ...query }),
    withdrawSettings(app.db),
  ]);
  return {
    list: rows.map((r) => own(toWithdrawalRecord(r, settings.estimateMinutes))),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Everything the withdrawal page shows before the user confirms. */
export async function withdrawTerms(
  app: AppContext,
  userId: number,
  query: { currency: string; chain?: string | undefined },
): Promise<WithdrawTerms> {
  const chains = await chainsOf(app, query.currency);
  const selected = query.chain
    ? chains.find((c) => c.chain === query.chain)
    : (chains.find((c) => c.withdrawEnabled) ?? chains[0]);
  if (!selected) throw new DomainError('chainNotSupported');
  const [user, balances, { settings, volume, met }, walletBound] = await Promise.all([
    repo.withdrawalUser(app.db, userId),
    userBalances(app.db, userId, BOOK),
    volumeCheck(app, userId),
    hasWalletFor(app, userId, query.currency, selected.chain),
  ]);
  if (!user) throw new DomainError('sessionExpired');
  const balance = (wallet: string) =>
    BigInt(
      balances.find((b) => b.wallet === wallet && b.currency === query.currency)?.balance ?? 0n,
    );
  const verifyLevel = Number(user.verify_level);
  return {
    currency: query.currency,
    chain: selected.chain,
    withdrawEnabled: selected.withdrawEnabled,
    fee: selected.withdrawFee,
    minimum: selected.withdrawMin,
    decimals: selected.decimals,
    available: formatMoney(balance('coin')),
    frozen: formatMoney(balance('coin_hold')),
    volumeThreshold: formatMoney(settings.volumeThreshold),
    volume: formatMoney(volume),
    volumeMet: met,
    payPasswordSet: user.pay_password_hash !== null,
    primaryVerified: verifyLevel >= VERIFY_LEVEL.primary,
    verifyLevel,
    walletBound,
    withdrawFrozen: user.withdraw_frozen !== 0n,
    estimatedMinutes: settings.estimateMinutes,
    chains: chains.map((c) => ({
      chain: c.chain,
      withdrawEnabled: c.withdrawEnabled,
      fee: c.withdrawFee,
      minimum: c.withdrawMin,
    })),
  };
}
