import {
  WITHDRAWAL_OPEN_STATES,
  type ConsoleDeposit,
  type ConsoleKyc,
  type ConsoleWithdrawal,
  type ConsoleWithdrawalFilter,
  type DepositStatus,
  type KycKind,
  type KycSubmissionState,
} from '@tidemark/contract';
import type { Trx } from '../../db/database';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import type { RawAnswer } from './console.http';
import { readUpload } from '../images/images.service';
import * as kycReview from '../kyc/kyc.review';
import * as moneyReview from '../money/money.review';
import { audit, type Actor, type AuditRecord } from './console.audit';
import * as repo from './console.repository';
import { toConsoleDeposit, toConsoleKyc, toConsoleWithdrawal } from './queues.mappers';

/**
 * The review queues: deposits, withdrawals and verification. Each decision runs the owning
 * module's review function and writes the audit row (before, after, reason) in the same
 * transaction, so a decision and its record commit together or not at all.
 */

type Paging = { page: number; pageSize: number };
const pageOf = (q: Paging) => ({ offset: (q.page - 1) * q.pageSize, limit: q.pageSize });

async function accountsOf(app: AppContext, rows: readonly { user_id: bigint }[]) {
  const accounts = await repo.userAccounts(
    app.db,
    rows.map((r) => r.user_id),
  );
  return (row: { user_id: bigint }) => accounts.get(String(row.user_id)) ?? '';
}

export async function deposits(
  app: AppContext,
  query: Paging & { status?: DepositStatus | undefined; userId?: number | undefined },
) {
  const { rows, total } = await repo.depositPage(app.db, query, pageOf(query));
  const account = await accountsOf(app, rows);
  return {
    list: rows.map((r) => toConsoleDeposit(r, account(r))),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function withdrawals(
  app: AppContext,
  query: Paging & { status?: ConsoleWithdrawalFilter | undefined; userId?: number | undefined },
) {
  const statuses =
    query.status === undefined
      ? undefined
      : query.status === 'open'
        ? WITHDRAWAL_OPEN_STATES
        : [query.status];
  const { rows, total } = await repo.withdrawalPage(
    app.db,
    { statuses, userId: query.userId },
    pageOf(query),
  );
  const account = await accountsOf(app, rows);
  return {
    list: rows.map((r) => toConsoleWithdrawal(r, account(r))),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function kyc(
  app: AppContext,
  query: Paging & {
    status?: KycSubmissionState | undefined;
    kind?: KycKind | undefined;
    userId?: number | undefined;
  },
) {
  const { rows, total } = await repo.kycPage(app.db, query, pageOf(query));
  const account = await accountsOf(app, rows);
  return {
    list: rows.map((r) => toConsoleKyc(r, account(r))),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** One decision: the review function and its audit row, in one transaction. */
async function decide(
  app: AppContext,
  actor: Actor,
  record: Omit<AuditRecord, 'before' | 'after'>,
  run: (trx: Trx) => Promise<{ before: unknown; after: unknown }>,
): Promise<void> {
  await app.writer.run(async (trx) => {
    const { before, after } = await run(trx);
    await audit(app, trx, actor, { ...record, before, after });
  });
}

/** The record as stored once decided (the review functions answer their own shapes). */
async function depositRecord(app: AppContext, id: number): Promise<ConsoleDeposit> {
  const row = await repo.findDeposit(app.db, id);
  if (!row) throw new DomainError('notFound');
  return toConsoleDeposit(row, (await accountsOf(app, [row]))(row));
}
async function withdrawalRecord(app: AppContext, id: number): Promise<ConsoleWithdrawal> {
  const row = await repo.findWithdrawal(app.db, id);
  if (!row) throw new DomainError('notFound');
  return toConsoleWithdrawal(row, (await accountsOf(app, [row]))(row));
}
async function kycRecord(app: AppContext, id: number): Promise<ConsoleKyc> {
  const row = await repo.findKyc(app.db, id);
  if (!row) throw new DomainError('notFound');
  return toConsoleKyc(row, (await accountsOf(app, [row]))(row));
}

export async function approveDeposit(
  app: AppContext,
  actor: Actor,
  input: { id: number },
): Promise<ConsoleDeposit> {
  await decide(
    app,
    actor,
    { action: 'deposit.approve', targetType: 'deposit', targetId: input.id },
    (trx) => moneyReview.approveDeposit(app, trx, { id: input.id, operatorId: actor.operatorId }),
  );
  return depositRecord(app, input.id);
}

export async function rejectDeposit(
  app: AppContext,
  actor: Actor,
  input: { id: number; reason: string },
): Promise<ConsoleDeposit> {
  await decide(
    app,
    actor,
    { action: 'deposit.reject', targetType: 'deposit', targetId: input.id, reason: input.reason },
    (trx) =>
      moneyReview.rejectDeposit(app, trx, {
        id: input.id,
        operatorId: actor.operatorId,
        reason: input.reason,
      }),
  );
  return depositRecord(app, input.id);
}

export async function advanceWithdrawal(
  app: AppContext,
  actor: Actor,
  input: { id: number; txHash?: string | undefined },
): Promise<ConsoleWithdrawal> {
  await decide(
    app,
    actor,
    { action: 'withdrawal.advance', targetType: 'withdrawal', targetId: input.id },
    (trx) =>
      moneyReview.advanceWithdrawal(app, trx, {
        id: input.id,
        operatorId: actor.operatorId,
        ...(input.txHash !== undefined ? { txHash: input.txHash } : {}),
      }),
  );
  return withdrawalRecord(app, input.id);
}

export async function rejectWithdrawal(
  app: AppContext,
  actor: Actor,
  input: { id: number; reason: string },
): Promise<ConsoleWithdrawal> {
  await decide(
    app,
    actor,
    {
      action: 'withdrawal.reject',
      targetType: 'withdrawal',
      targetId: input.id,
      reason: input.reason,
    },
    (trx) =>
      moneyReview.rejectWithdrawal(app, trx, {
        id: input.id,
        operatorId: actor.operatorId,
        reason: input.reason,
      }),
  );
  return withdrawalRecord(app, input.id);
}

export async function failWithdrawal(
  app: AppContext,
  actor: Actor,
  input: { id: number; reason: string },
): Promise<ConsoleWithdrawal> {
  await decide(
    app,
    actor,
    {
      action: 'withdrawal.fail',
      targetType: 'withdrawal',
      targetId: input.id,
      reason: input.reason,
    },
    (trx) =>
      moneyReview.failWithdrawalAuthentication(app, trx, {
        id: input.id,
        operatorId: actor.operatorId,
        reason: input.reason,
      }),
  );
  return withdrawalRecord(app, input.id);
}

export async function approveKyc(
  app: AppContext,
  actor: Actor,
  input: { id: number },
): Promise<ConsoleKyc> {
  await decide(
    app,
    actor,
    { action: 'kyc.approve', targetType: 'kyc', targetId: input.id },
    (trx) => kycReview.approveKyc(app, trx, { id: input.id, operatorId: actor.operatorId }),
  );
  return kycRecord(app, input.id);
}

export async function rejectKyc(
  app: AppContext,
  actor: Actor,
  input: { id: number; reason: string },
): Promise<ConsoleKyc> {
  await decide(
    app,
    actor,
    { action: 'kyc.reject', targetType: 'kyc', targetId: input.id, reason: input.reason },
    (trx) =>
      kycReview.rejectKyc(app, trx, {
        id: input.id,
        operatorId: actor.operatorId,
        reason: input.reason,
      }),
  );
  return kycRecord(app, input.id);
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
