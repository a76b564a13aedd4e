import type { Insertable } from 'kysely';
import { QUOTE_CURRENCY } from '@tidemark/contract';
import type { Executor } from '../../db/database';
import type { DepositRow, DepositTable, WithdrawalRow, WithdrawalTable } from './money.table';

export function insertDeposit(db: Executor, row: Insertable<DepositTable>): Promise<DepositRow> {
  return db.insertInto('deposits').values(row).returningAll().executeTakeFirstOrThrow();
}

export function insertWithdrawal(
  db: Executor,
  row: Insertable<WithdrawalTable>,
): Promise<WithdrawalRow> {
  return db.insertInto('withdrawals').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findDeposit(
  db: Executor,
  id: number,
  lock: boolean,
): Promise<DepositRow | undefined> {
  return db
    .selectFrom('deposits')
    .selectAll()
    .where('id', '=', BigInt(id))
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export function findWithdrawal(
  db: Executor,
  id: number,
  lock: boolean,
): Promise<WithdrawalRow | undefined> {
  return db
    .selectFrom('withdrawals')
    .selectAll()
    .where('id', '=', BigInt(id))
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

interface PageQuery {
  userId: number;
  status?: string | undefined;
  id?: number | undefined;
  page: number;
  pageSize: number;
}

/** One page of a user's own deposits or withdrawals, newest first, by status or id. */
export function userRecordPage(
  db: Executor,
  table: 'deposits',
  query: PageQuery,
): Promise<{ rows: DepositRow[]; total: number }>;
export function userRecordPage(
  db: Executor,
  table: 'withdrawals',
  query: PageQuery,
): Promise<{ rows: WithdrawalRow[]; total: number }>;
export async function userRecordPage(
  db: Executor,
  table: 'deposits' | 'withdrawals',
  query: PageQuery,
) {
  const base = db
    .selectFrom(table)
    .where('user_id', '=', BigInt(query.userId))
    .$if(query.status !== undefined, (qb) => qb.where('status', '=', query.status ?? ''))
    .$if(query.id !== undefined, (qb) => qb.where('id', '=', BigInt(query.id ?? 0)));
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .offset((query.page - 1) * query.pageSize)
      .limit(query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Moves a deposit out of pending; answers the row moved, or undefined when it was not pending. */
export function decideDeposit(
  db: Executor,
  id: number,
  patch: {
    status: 'success' | 'rejected';
    reason: string | null;
    reviewed_by: bigint;
    ledger_transaction_id: bigint | null;
    now: bigint;
  },
): Promise<DepositRow | undefined> {
  return db
    .updateTable('deposits')
    .set({
      status: patch.status,
      reason: patch.reason,
      reviewed_by: patch.reviewed_by,
      reviewed_at: patch.now,
      ledger_transaction_id: patch.ledger_transaction_id,
      updated_at: patch.now,
    })
    .where('id', '=', BigInt(id))
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/**
 * Moves a withdrawal from `from` to the next status; answers the row moved, or undefined when it
 * was no longer at `from`.
 */
export function moveWithdrawal(
  db: Executor,
  id: number,
  from: string,
  patch: {
    status: string;
    reviewed_by: bigint;
    updated_at: bigint;
    reason?: string | null;
    tx_hash?: string | null;
    risk_at?: bigint;
    packaging_at?: bigint;
    finished_at?: bigint;
    ledger_transaction_id?: bigint;
  },
): Promise<WithdrawalRow | undefined> {
  return db
    .updateTable('withdrawals')
    .set(patch)
    .where('id', '=', BigInt(id))
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
}

/**
 * The user's spot trading volume in USDT on the real book: the quote value of every trade they
 * were the maker or the taker of (every pair is quoted in USDT).
 */
export async function realSpotVolume(db: Executor, userId: number): Promise<bigint> {
  const owner = BigInt(userId);
  const row = await db
    .selectFrom('spot_trades')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<bigint>('quote'), eb.lit(0)).as('volume'))
    .where('book', '=', 'real')
    .where('symbol', 'like', `%/${QUOTE_CURRENCY}`)
    .where((eb) => eb.or([eb('maker_owner', '=', owner), eb('taker_owner', '=', owner)]))
    .executeTakeFirstOrThrow();
  return BigInt(row.volume as bigint | number | string);
}

/** What the withdrawal checks need of the user. */
export function withdrawalUser(db: Executor, userId: number) {
  return db
    .selectFrom('users')
    .select(['verify_level', 'withdraw_frozen', 'pay_password_hash'])
    .where('id', '=', BigInt(userId))
    .executeTakeFirst();
}
