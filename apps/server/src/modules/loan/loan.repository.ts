import { LOAN_DAY_MS, QUOTE_CURRENCY } from '@tidemark/contract';
import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database';
import type {
  CreditScoreTable,
  LoanOrderRow,
  LoanProductRow,
  LoanProductTable,
  NewLoanOrder,
} from './loan.table';

/** All SQL of coin loans. */

/** Statuses of a loan that is still open (one per trader at a time). */
export const OPEN_STATUSES = ['applying', 'passed', 'overdue'] as const;
/** Statuses of money out with a trader. */
export const OUTSTANDING_STATUSES = ['passed', 'overdue'] as const;

export function products(db: Executor, enabledOnly: boolean): Promise<LoanProductRow[]> {
  let q = db.selectFrom('loan_products').selectAll();
  if (enabledOnly) q = q.where('enabled', '=', 1n);
  return q.orderBy('currency').orderBy('min_score').orderBy('id').execute();
}

export function product(db: Executor, id: number): Promise<LoanProductRow | undefined> {
  return db.selectFrom('loan_products').selectAll().where('id', '=', BigInt(id)).executeTakeFirst();
}

export async function countProducts(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('loan_products')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertProduct(
  db: Executor,
  row: Insertable<LoanProductTable>,
): Promise<LoanProductRow> {
  return db.insertInto('loan_products').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateProduct(
  db: Executor,
  id: bigint,
  changes: Partial<Insertable<LoanProductTable>>,
): Promise<LoanProductRow | undefined> {
  return db
    .updateTable('loan_products')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

// --- loans ---------------------------------------------------------------------------------------

export function insertLoan(db: Executor, row: NewLoanOrder): Promise<LoanOrderRow> {
  return db.insertInto('loan_orders').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function insertImages(
  db: Executor,
  loanId: bigint,
  images: readonly { uploadId: number; kind: string | null }[],
): Promise<void> {
  await db
    .insertInto('loan_images')
    .values(
      images.map((image, i) => ({
        loan_id: loanId,
        position: BigInt(i),
        upload_id: BigInt(image.uploadId),
        kind: image.kind,
      })),
    )
    .execute();
}

export function imagesOf(db: Executor, loanIds: readonly bigint[]) {
  if (loanIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('loan_images')
    .selectAll()
    .where('loan_id', 'in', loanIds)
    .orderBy('loan_id')
    .orderBy('position')
    .execute();
}

export function loan(db: Executor, id: number): Promise<LoanOrderRow | undefined> {
  return db.selectFrom('loan_orders').selectAll().where('id', '=', BigInt(id)).executeTakeFirst();
}

export async function openLoanOf(db: Executor, userId: number): Promise<LoanOrderRow | undefined> {
  return db
    .selectFrom('loan_orders')
    .selectAll()
    .where('user_id', '=', BigInt(userId))
    .where('status', 'in', OPEN_STATUSES)
    .executeTakeFirst();
}

/** A loan overdue now: marked so, or passed with its due time behind it (the job may not have run). */
export async function hasOverdue(db: Executor, userId: number, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('loan_orders')
    .select('id')
    .where('user_id', '=', BigInt(userId))
    .where((eb) =>
      eb.or([
        eb('status', '=', 'overdue'),
        eb.and([eb('status', '=', 'passed'), eb('due_at', '<=', BigInt(now))]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

export async function page(
  db: Executor,
  filter: { userId?: number | undefined; statuses?: readonly string[] | undefined },
  offset: number,
  limit: number,
  oldestFirst = false,
): Promise<{ rows: LoanOrderRow[]; total: number }> {
  let q = db.selectFrom('loan_orders');
  if (filter.userId !== undefined) q = q.where('user_id', '=', BigInt(filter.userId));
  if (filter.statuses?.length) q = q.where('status', 'in', filter.statuses);
  const [rows, count] = await Promise.all([
    q
      .selectAll()
      .orderBy('id', oldestFirst ? 'asc' : 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Moves a loan on from `from` (a guard against a concurrent change); undefined when it had moved. */
export function transition(
  db: Executor,
  id: bigint,
  from: readonly string[],
  changes: Partial<NewLoanOrder>,
  penaltyDays?: bigint,
): Promise<LoanOrderRow | undefined> {
  let q = db
    .updateTable('loan_orders')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', from);
  if (penaltyDays !== undefined) q = q.where('penalty_days', '=', penaltyDays);
  return q.returningAll().executeTakeFirst();
}

/** Loans past their due time whose status or penalty days lag behind the clock. */
/**
 * Loans whose due time has come that are behind: still passed, or overdue with a day begun that
 * has no penalty yet (due_at + penalty_days days <= now). Loans already up to date are not read,
 * so a pass stays small and old unpaid loans never crowd out the ones that need work.
 */
export function dueForAccrual(db: Executor, now: number, limit: number): Promise<LoanOrderRow[]> {
  return db
    .selectFrom('loan_orders')
    .selectAll()
    .where('status', 'in', OUTSTANDING_STATUSES)
    .where('due_at', '<=', BigInt(now))
    .where((eb) =>
      eb.or([
        eb('status', '=', 'passed'),
        eb(eb('due_at', '+', eb('penalty_days', '*', BigInt(LOAN_DAY_MS))), '<=', BigInt(now)),
      ]),
    )
    .orderBy('due_at')
    .limit(limit)
    .execute();
}

export async function insertPenalties(
  db: Executor,
  rows: readonly { loan_id: bigint; day: bigint; amount: bigint; created_at: bigint }[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insertInto('loan_penalties')
    .values([...rows])
    .onConflict((oc) => oc.columns(['loan_id', 'day']).doNothing())
    .returning('day')
    .execute();
  return inserted.length;
}

export function penaltiesOf(db: Executor, loanId: bigint) {
  return db
    .selectFrom('loan_penalties')
    .selectAll()
    .where('loan_id', '=', loanId)
    .orderBy('day')
    .execute();
}

/** Outstanding and pending amounts by currency, for the fund's coverage. */
export function fundFigures(db: Executor) {
  return db
    .selectFrom('loan_orders')
    .select((eb) => [
      'currency',
      'status',
      eb.fn.countAll<string>().as('n'),
      eb.fn.sum<string>('amount').as('amount'),
      eb.fn.sum<string>(eb('repay_total', '+', eb.ref('penalty'))).as('owed'),
    ])
    .where('status', 'in', ['applying', 'passed', 'overdue'])
    .groupBy(['currency', 'status'])
    .execute();
}

// --- repayment history and score -----------------------------------------------------------------

export async function repaymentHistory(db: Executor, userId: number, now: number) {
  const rows = await db
    .selectFrom('loan_orders')
    .select(['status', 'due_at', 'repaid_at'])
    .where('user_id', '=', BigInt(userId))
    .where('status', 'in', ['passed', 'overdue', 'repaid'])
    .execute();
  let repaidOnTime = 0;
  let repaidLate = 0;
  let overdueNow = 0;
  for (const r of rows) {
    if (r.status === 'repaid') {
      if (r.repaid_at !== null && r.due_at !== null && r.repaid_at < r.due_at) repaidOnTime += 1;
      else repaidLate += 1;
    } else if (r.status === 'overdue' || (r.due_at !== null && Number(r.due_at) <= now)) {
      overdueNow += 1;
    }
  }
  return { repaidOnTime, repaidLate, overdueNow };
}

/** Credited real-book deposits per currency. */
export function depositsByCurrency(db: Executor, userId: number) {
  return db
    .selectFrom('deposits')
    .select((eb) => ['currency', eb.fn.sum<string>('amount').as('amount')])
    .where('user_id', '=', BigInt(userId))
    .where('status', '=', 'success')
    .groupBy('currency')
    .execute();
}

export function scoreUser(db: Executor, userId: number) {
  return db
    .selectFrom('users')
    .select(['verify_level', 'created_at', 'email', 'phone', 'area_code'])
    .where('id', '=', BigInt(userId))
    .executeTakeFirst();
}

export async function insertScore(
  db: Executor,
  row: Insertable<CreditScoreTable>,
): Promise<bigint> {
  const inserted = await db
    .insertInto('credit_scores')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export function latestScore(db: Executor, userId: number) {
  return db
    .selectFrom('credit_scores')
    .selectAll()
    .where('user_id', '=', BigInt(userId))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function scoresById(db: Executor, ids: readonly bigint[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('credit_scores').selectAll().where('id', 'in', ids).execute();
}

/** Traders whose newest score is older than `before` (the daily re-evaluation), a batch. */
export async function staleScores(db: Executor, before: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('credit_scores')
    .select((eb) => ['user_id', eb.fn.max('evaluated_at').as('last')])
    .groupBy('user_id')
    .having((eb) => eb.fn.max('evaluated_at'), '<', BigInt(before))
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.user_id));
}

export function accountsOf(db: Executor, userIds: readonly bigint[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'email', 'phone', 'area_code'])
    .where('id', 'in', userIds)
    .execute();
}

/** Real-book spot trading volume in USDT (the quote side of the trader's fills). */
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
