import { TX_HASH_PATTERN, WITHDRAWAL_OPEN_STATES } from '@tidemark/contract';
import { locksRows, type Trx } from '../../db/database';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { systemAccount, userAccount } from '../../ledger/accounts';
import type { Posting } from '../../ledger/ledger';
import { notifyBalances } from '../assets/assets.service';
import { mailAmount, sendSystemMail } from '../content/content.mail';
import { reviewReason } from '../kyc/kyc.review';
import { recordDepositRebates } from '../team/team.service';
import * as repo from './money.repository';
import { withdrawSettings } from './money.settings';
import {
  toDepositRecord,
  toWithdrawalRecord,
  type UserDepositRecord,
  type UserWithdrawalRecord,
} from './money.service';
import type { WithdrawalRow } from './money.table';

/**
 * The operator's decisions on deposits and withdrawals. Each runs inside the caller's transaction
 * (the operator API writes its audit row in the same one), locks the record first (PostgreSQL:
 * SELECT ... FOR UPDATE; SQLite write transactions are IMMEDIATE), and moves it only from the
 * state it was read in, so two operators cannot both decide it: the second gets
 * reviewStateChanged. The user's balances are pushed after the commit (run these through
 * app.writer.run so its afterCommit fires).
 *
 * Double entry, all in the real book (DESIGN.md section 3):
 * - deposit approved:     deposits_in_transit -amount, user coin +amount. deposits_in_transit
 *                         may go negative: minus what has come in from the chains.
 * - withdrawal requested: user coin -(amount+fee), user coin_hold +(amount+fee) (money.service).
 * - withdrawal completed: user coin_hold -(amount+fee), fees +fee, withdrawals_in_transit +amount.
 *                         withdrawals_in_transit only grows: what has been paid out to the chains.
 *                         So per currency, -(deposits_in_transit + withdrawals_in_transit) is what
 *                         the platform's own chain wallets should hold for its users and fees.
 * - withdrawal rejected or authentication failed: user coin_hold -(amount+fee), coin +(amount+fee).
 */

export interface DepositReview {
  before: UserDepositRecord;
  after: UserDepositRecord;
}

export interface WithdrawalReview {
  before: UserWithdrawalRecord;
  after: UserWithdrawalRecord;
}

const BOOK = 'real' as const;

/** Pushes the user's coin balance (available and frozen) once the transaction has committed. */
function notifyAfterCommit(app: AppContext, trx: Trx, userId: number, currency: string): void {
  app.writer.afterCommit(trx, () => {
    notifyBalances(app, userId, BOOK, [{ wallet: 'coin', currency }]).catch((error: unknown) =>
      app.log.warn({ err: error, userId }, 'balance push after a review failed'),
    );
  });
}

async function lockedDeposit(app: AppContext, trx: Trx, id: number) {
  const row = await repo.findDeposit(trx, id, locksRows(app.database));
  if (!row) throw new DomainError('notFound');
  if (row.status !== 'pending') throw new DomainError('reviewStateChanged');
  return row;
}

/** pending -> success: the amount moves from deposits in transit to the user's coin wallet. */
export async function approveDeposit(
  app: AppContext,
  trx: Trx,
  input: { id: number; operatorId: number },
): Promise<DepositReview> {
  const row = await lockedDeposit(app, trx, input.id);
  const userId = Number(row.user_id);
  const posted = await app.ledger.post(trx, {
    type: 'deposit',
    reference: `deposit:${row.id}`,
    // A second approval could never credit twice, even past the state check.
    idempotencyKey: `deposit:${row.id}`,
    postings: [
      { account: systemAccount(BOOK, 'deposits_in_transit', row.currency), amount: -row.amount },
      { account: userAccount(userId, BOOK, 'coin', row.currency), amount: row.amount },
    ],
  });
  const after = await repo.decideDeposit(trx, input.id, {
    status: 'success',
    reason: null,
    reviewed_by: BigInt(input.operatorId),
    ledger_transaction_id: BigInt(posted.transactionId),
    now: BigInt(app.clock.now()),
  });
  if (!after) throw new DomainError('reviewStateChanged');
  // The inviters' rebates on it (issue 15), recorded pending in the same transaction.
  await recordDepositRebates(app, trx, {
    userId,
    depositId: row.id,
    currency: row.currency,
    amount: row.amount,
    at: app.clock.now(),
  });
  await sendSystemMail(app, trx, userId, 'depositCredited', {
    amount: mailAmount(row.amount),
    currency: row.currency,
  });
  notifyAfterCommit(app, trx, userId, row.currency);
  return { before: toDepositRecord(row), after: toDepositRecord(after) };
}

/** pending -> rejected with the reason the user sees; nothing is posted. */
export async function rejectDeposit(
  app: AppContext,
  trx: Trx,
  input: { id: number; operatorId: number; reason: string },
): Promise<DepositReview> {
  const reason = reviewReason(input.reason);
  const row = await lockedDeposit(app, trx, input.id);
  const after = await repo.decideDeposit(trx, input.id, {
    status: 'rejected',
    reason,
    reviewed_by: BigInt(input.operatorId),
    ledger_transaction_id: null,
    now: BigInt(app.clock.now()),
  });
  if (!after) throw new DomainError('reviewStateChanged');
  await sendSystemMail(app, trx, Number(row.user_id), 'depositRejected', {
    amount: mailAmount(row.amount),
    currency: row.currency,
    reason,
  });
  return { before: toDepositRecord(row), after: toDepositRecord(after) };
}

const OPEN: ReadonlySet<string> = new Set(WITHDRAWAL_OPEN_STATES);

async function lockedWithdrawal(app: AppContext, trx: Trx, id: number): Promise<WithdrawalRow> {
  const row = await repo.findWithdrawal(trx, id, locksRows(app.database));
  if (!row) throw new DomainError('notFound');
  if (!OPEN.has(row.status)) throw new DomainError('reviewStateChanged');
  return row;
}

async function review(
  trx: Trx,
  before: WithdrawalRow,
  after: WithdrawalRow,
): Promise<WithdrawalReview> {
  const { estimateMinutes } = await withdrawSettings(trx);
  return {
    before: toWithdrawalRecord(before, estimateMinutes),
    after: toWithdrawalRecord(after, estimateMinutes),
  };
}

function checkTxHash(txHash: string | undefined): string | undefined {
  const text = txHash?.trim();
  if (!text) return undefined;
  if (!TX_HASH_PATTERN.test(text)) throw new DomainError('txHashFormat');
  return text;
}

/**
 * One step on: application -> risk (risk-control verification) -> packaging (block packaging) ->
 * completed. Completion pays out: the hold leaves, the fee goes to the fees account and the amount
 * to withdrawals in transit. A transaction hash may be recorded at any step (kept once given).
 */
export async function advanceWithdrawal(
  app: AppContext,
  trx: Trx,
  input: { id: number; operatorId: number; txHash?: string },
): Promise<WithdrawalReview> {
  const txHash = checkTxHash(input.txHash);
  const row = await lockedWithdrawal(app, trx, input.id);
  const now = BigInt(app.clock.now());
  const base = {
    reviewed_by: BigInt(input.operatorId),
    updated_at: now,
    ...(txHash ? { tx_hash: txHash } : {}),
  };
  let moved: WithdrawalRow | undefined;
  if (row.status === 'application') {
    moved = await repo.moveWithdrawal(trx, input.id, 'application', {
      ...base,
      status: 'risk',
      risk_at: now,
    });
  } else if (row.status === 'risk') {
    moved = await repo.moveWithdrawal(trx, input.id, 'risk', {
      ...base,
      status: 'packaging',
      packaging_at: now,
    });
  } else {
    const userId = Number(row.user_id);
    const postings: Posting[] = [
      {
        account: userAccount(userId, BOOK, 'coin_hold', row.currency),
        amount: -(row.amount + row.fee),
      },
      { account: systemAccount(BOOK, 'withdrawals_in_transit', row.currency), amount: row.amount },
    ];
    if (row.fee > 0n) {
      postings.push({ account: systemAccount(BOOK, 'fees', row.currency), amount: row.fee });
    }
    const posted = await app.ledger.post(trx, {
      type: 'withdrawal',
      reference: `withdrawal:${row.id}`,
      idempotencyKey: `withdrawal-payout:${row.id}`,
      postings,
    });
    moved = await repo.moveWithdrawal(trx, input.id, 'packaging', {
      ...base,
      status: 'completed',
      finished_at: now,
      ledger_transaction_id: BigInt(posted.transactionId),
    });
  }
  if (!moved) throw new DomainError('reviewStateChanged');
  // Completion moved the hold: the coin wallet's frozen part changed.
  if (row.status === 'packaging') {
    await sendSystemMail(app, trx, Number(row.user_id), 'withdrawalCompleted', {
      amount: mailAmount(row.amount),
      currency: row.currency,
    });
    notifyAfterCommit(app, trx, Number(row.user_id), row.currency);
  }
  return review(trx, row, moved);
}

/** Ends a withdrawal in progress (rejected or authFailed) and gives amount + fee back. */
async function refuse(
  app: AppContext,
  trx: Trx,
  input: { id: number; operatorId: number; reason: string },
  status: 'rejected' | 'authFailed',
): Promise<WithdrawalReview> {
  const reason = reviewReason(input.reason);
  const row = await lockedWithdrawal(app, trx, input.id);
  const userId = Number(row.user_id);
  const total = row.amount + row.fee;
  const posted = await app.ledger.post(trx, {
    type: 'withdrawal',
    reference: `withdrawal:${row.id}`,
    idempotencyKey: `withdrawal-release:${row.id}`,
    postings: [
      { account: userAccount(userId, BOOK, 'coin_hold', row.currency), amount: -total },
      { account: userAccount(userId, BOOK, 'coin', row.currency), amount: total },
    ],
  });
  const now = BigInt(app.clock.now());
  const moved = await repo.moveWithdrawal(trx, input.id, row.status, {
    status,
    reason,
    reviewed_by: BigInt(input.operatorId),
    updated_at: now,
    finished_at: now,
    ledger_transaction_id: BigInt(posted.transactionId),
  });
  if (!moved) throw new DomainError('reviewStateChanged');
  await sendSystemMail(app, trx, userId, 'withdrawalRejected', {
    amount: mailAmount(row.amount),
    currency: row.currency,
    reason,
  });
  notifyAfterCommit(app, trx, userId, row.currency);
  return review(trx, row, moved);
}

/** application, risk or packaging -> rejected with the reason the user sees; the hold is released. */
export function rejectWithdrawal(
  app: AppContext,
  trx: Trx,
  input: { id: number; operatorId: number; reason: string },
): Promise<WithdrawalReview> {
  return refuse(app, trx, input, 'rejected');
}

/** application, risk or packaging -> authFailed (authentication failed); the hold is released. */
export function failWithdrawalAuthentication(
  app: AppContext,
  trx: Trx,
  input: { id: number; operatorId: number; reason: string },
): Promise<WithdrawalReview> {
  return refuse(app, trx, input, 'authFailed');
}
