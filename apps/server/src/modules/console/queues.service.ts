import {
  WITHDRAWAL_OPEN_STATES,
  type AuditAction,
  type ConsoleDeposit,
  type ConsoleKyc,
  type ConsoleWithdrawal,
  type ConsoleWithdrawalFilter,
  type DepositStatus,
  type KycKind,
  type KycSubmissionState,
} from '@tidemark/contract';
import type { Executor, Trx } from '../../db/database';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import type { RawAnswer } from './console.http';
import { readUpload } from '../images/images.service';
import * as kycReview from '../kyc/kyc.review';
import * as moneyReview from '../money/money.review';
import type { KycSubmissionRow } from '../kyc/kyc.table';
import type { DepositRow, WithdrawalRow } from '../money/money.table';
import { audit, type Actor } from './console.audit';
import { listPage, type Paging } from './console.paging';
import * as repo from './console.repository';
import { toConsoleDeposit, toConsoleKyc, toConsoleWithdrawal, userAccount } from './queues.mappers';

/**
 * The review queues: deposits, withdrawals and verification. Each decision runs the owning
 * module's review function and writes the audit row (before, after, reason) in the same
 * transaction, so a decision and its record commit together or not at all.
 */

/** A review queue: how its records are read and shown, and the audit target of its decisions. */
interface ReviewQueue<Row extends { user_id: bigint }, Item> {
  targetType: 'deposit' | 'withdrawal' | 'kyc';
  find: (db: Executor, id: number) => Promise<Row | undefined>;
  toConsole: (row: Row, account: string) => Item;
}

const DEPOSITS: ReviewQueue<DepositRow, ConsoleDeposit> = {
  targetType: 'deposit',
  find: repo.findDeposit,
  toConsole: toConsoleDeposit,
};
const WITHDRAWALS: ReviewQueue<WithdrawalRow, ConsoleWithdrawal> = {
  targetType: 'withdrawal',
  find: repo.findWithdrawal,
  toConsole: toConsoleWithdrawal,
};
const KYC: ReviewQueue<KycSubmissionRow, ConsoleKyc> = {
  targetType: 'kyc',
  find: repo.findKyc,
  toConsole: toConsoleKyc,
};

async function accountsOf(app: AppContext, rows: readonly { user_id: bigint }[]) {
  const users = await repo.userContacts(
    app.db,
    rows.map((r) => r.user_id),
  );
  const accounts = new Map(users.map((u) => [String(u.id), userAccount(u)]));
  return (row: { user_id: bigint }) => accounts.get(String(row.user_id)) ?? '';
}

/** Rows of a queue as the console shows them, each with its trader. */
async function shown<Row extends { user_id: bigint }, Item>(
  app: AppContext,
  queue: ReviewQueue<Row, Item>,
  rows: readonly Row[],
): Promise<Item[]> {
  const account = await accountsOf(app, rows);
  return rows.map((r) => queue.toConsole(r, account(r)));
}

export function deposits(
  app: AppContext,
  query: Paging & { status?: DepositStatus | undefined; userId?: number | undefined },
) {
  return listPage(
    query,
    (page) => repo.depositPage(app.db, query, page),
    (rows) => shown(app, DEPOSITS, rows),
  );
}

export function withdrawals(
  app: AppContext,
  query: Paging & { status?: ConsoleWithdrawalFilter | undefined; userId?: number | undefined },
) {
  const statuses =
    query.status === undefined
      ? undefined
      : query.status === 'open'
        ? WITHDRAWAL_OPEN_STATES
        : [query.status];
  return listPage(
    query,
    (page) => repo.withdrawalPage(app.db, { statuses, userId: query.userId }, page),
    (rows) => shown(app, WITHDRAWALS, rows),
  );
}

export function kyc(
  app: AppContext,
  query: Paging & {
    status?: KycSubmissionState | undefined;
    kind?: KycKind | undefined;
    userId?: number | undefined;
  },
) {
  return listPage(
    query,
    (page) => repo.kycPage(app.db, query, page),
    (rows) => shown(app, KYC, rows),
  );
}

/**
 * One decision: the owning module's review function, given the operator, and its audit row, in
 * one transaction. Answers the record as stored once decided (the review functions answer their
 * own shapes).
 */
async function decide<
  Row extends { user_id: bigint },
  Item,
  Input extends { id: number; reason?: string | undefined },
>(
  app: AppContext,
  actor: Actor,
  queue: ReviewQueue<Row, Item>,
  action: AuditAction,
  input: Input,
  review: (
    app: AppContext,
    trx: Trx,
    input: Input & { operatorId: number },
  ) => Promise<{ before: unknown; after: unknown }>,
): Promise<Item> {
  const row = await app.writer.run(async (trx) => {
    const { before, after } = await review(app, trx, { ...input, operatorId: actor.operatorId });
    await audit(app, trx, actor, {
      action,
      targetType: queue.targetType,
      targetId: input.id,
      reason: input.reason ?? null,
      before,
      after,
    });
    // Read in the deciding transaction: the record as this decision left it.
    const decided = await queue.find(trx, input.id);
    if (!decided) throw new DomainError('notFound');
    return decided;
  });
  const [item] = await shown(app, queue, [row]);
  return item!;
}

export function approveDeposit(
  app: AppContext,
  actor: Actor,
  input: { id: number },
): Promise<ConsoleDeposit> {
  return decide(app, actor, DEPOSITS, 'deposit.approve', input, moneyReview.approveDeposit);
}

export function rejectDeposit(
  app: AppContext,
  actor: Actor,
  input: { id: number; reason: string },
): Promise<ConsoleDeposit> {
  return decide(app, actor, DEPOSITS, 'deposit.reject', input, moneyReview.rejectDeposit);
}

export function advanceWithdrawal(
  app: AppContext,
  actor: Actor,
  input: { id: number; txHash?: string | undefined },
): Promise<ConsoleWithdrawal> {
  return decide(
    app,
    actor,
    WITHDRAWALS,
    'withdrawal.advance',
    input,
    moneyReview.advanceWithdrawal,
  );
}

export function rejectWithdrawal(
  app: AppContext,
  actor: Actor,
  input: { id: number; reason: string },
): Promise<ConsoleWithdrawal> {
  return decide(app, actor, WITHDRAWALS, 'withdrawal.reject', input, moneyReview.rejectWithdrawal);
}

export function failWithdrawal(
  app: AppContext,
  actor: Actor,
  input: { id: number; reason: string },
): Promise<ConsoleWithdrawal> {
  return decide(
    app,
    actor,
    WITHDRAWALS,
    'withdrawal.fail',
    input,
    moneyReview.failWithdrawalAuthentication,
  );
}

export function approveKyc(
  app: AppContext,
  actor: Actor,
  input: { id: number },
): Promise<ConsoleKyc> {
  return decide(app, actor, KYC, 'kyc.approve', input, kycReview.approveKyc);
}

export function rejectKyc(
  app: AppContext,
  actor: Actor,
  input: { id: number; reason: string },
): Promise<ConsoleKyc> {
  return decide(app, actor, KYC, 'kyc.reject', input, kycReview.rejectKyc);
}

/** Deposit screenshots and bound-wallet images are not identity documents. */
const NOT_IDENTITY = new Set(['deposit', 'wallet']);

/**
 * An uploaded image for an operator. Viewing an identity document (ID front and back, passport
 * page) is recorded in the audit log; a deposit screenshot is part of the review and is not.
 */
export async function viewUpload(
  app: AppContext,
  actor: Actor,
  input: { id: number },
): Promise<RawAnswer> {
  const image = await readUpload(app, input.id);
  if (!NOT_IDENTITY.has(image.purpose)) {
    await app.writer.run((trx) =>
      audit(app, trx, actor, {
        action: 'upload.view',
        targetType: 'upload',
        targetId: input.id,
        after: { purpose: image.purpose, ownerUserId: image.ownerUserId },
      }),
    );
  }
  return { mediaType: image.mediaType, bytes: image.bytes };
}
