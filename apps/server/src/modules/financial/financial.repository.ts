import { sql } from 'kysely';
import { locksRows, type DatabaseHandle, type Executor } from '../../db/database';
import type {
  FinancialDividendRow,
  FinancialOrderRow,
  FinancialProductRow,
  NewFinancialOrderRow,
  NewFinancialProductRow,
} from './financial.table';

/** Every query of the financial packages. */

export const IN_PROGRESS = 0n;
export const COMPLETED = 1n;
export const REDEEMED = 2n;

export function products(db: Executor): Promise<FinancialProductRow[]> {
  return db.selectFrom('financial_products').selectAll().orderBy('id').execute();
}

export function product(db: Executor, id: number): Promise<FinancialProductRow | undefined> {
  return db
    .selectFrom('financial_products')
    .selectAll()
    .where('id', '=', BigInt(id))
    .executeTakeFirst();
}

export async function insertProduct(
  db: Executor,
  row: NewFinancialProductRow,
): Promise<FinancialProductRow> {
  return db.insertInto('financial_products').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Principal and count of in-progress orders per product and book. */
export async function openPrincipal(
  db: Executor,
  book?: string,
): Promise<{ product_id: bigint; book: string; orders: bigint; principal: bigint }[]> {
  const rows = await db
    .selectFrom('financial_orders')
    .select((eb) => [
      'product_id',
      'book',
      eb.fn.countAll<bigint>().as('orders'),
      eb.fn.sum<bigint>('amount').as('principal'),
    ])
    .where('status', '=', IN_PROGRESS)
    .$if(book !== undefined, (qb) => qb.where('book', '=', book!))
    .groupBy(['product_id', 'book'])
    .execute();
  return rows.map((r) => ({
    product_id: BigInt(r.product_id),
    book: r.book,
    orders: BigInt(r.orders),
    principal: BigInt(r.principal ?? 0n),
  }));
}

/**
 * The interest promised on a book's open orders; `lock` takes the book's row for the rest of the
 * transaction (PostgreSQL), so purchases and redemptions of one book are checked one at a time.
 */
export async function promised(
  handle: Pick<DatabaseHandle, 'dialect'>,
  db: Executor,
  book: string,
  lock: boolean,
): Promise<bigint> {
  const row = await db
    .selectFrom('financial_reserve')
    .select('promised')
    .where('book', '=', book)
    .$if(lock && locksRows(handle), (qb) => qb.forUpdate())
    .executeTakeFirst();
  return BigInt(row?.promised ?? 0n);
}

export async function addPromised(db: Executor, book: string, delta: bigint): Promise<void> {
  await db
    .updateTable('financial_reserve')
    .set({ promised: sql`promised + ${delta}` })
    .where('book', '=', book)
    .execute();
}

export function insertOrder(db: Executor, row: NewFinancialOrderRow): Promise<FinancialOrderRow> {
  return db.insertInto('financial_orders').values(row).returningAll().executeTakeFirstOrThrow();
}

export function order(
  handle: Pick<DatabaseHandle, 'dialect'>,
  db: Executor,
  id: number | bigint,
  lock = false,
): Promise<FinancialOrderRow | undefined> {
  return db
    .selectFrom('financial_orders')
    .selectAll()
    .where('id', '=', BigInt(id))
    .$if(lock && locksRows(handle), (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export async function orderPage(
  db: Executor,
  q: {
    userId?: number | undefined;
    book?: string | undefined;
    status?: bigint | undefined;
    offset: number;
    limit: number;
  },
): Promise<{ rows: FinancialOrderRow[]; total: number }> {
  let base = db.selectFrom('financial_orders');
  if (q.userId !== undefined) base = base.where('user_id', '=', BigInt(q.userId));
  if (q.book !== undefined) base = base.where('book', '=', q.book);
  if (q.status !== undefined) base = base.where('status', '=', q.status);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').offset(q.offset).limit(q.limit).execute(),
    base.select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Open orders whose next run has come, oldest first. */
export function due(db: Executor, now: number, limit: number): Promise<FinancialOrderRow[]> {
  return db
    .selectFrom('financial_orders')
    .selectAll()
    .where('next_due_at', '<=', BigInt(now))
    .where('status', '=', IN_PROGRESS)
    .orderBy('next_due_at')
    .limit(limit)
    .execute();
}

export async function updateOrder(
  db: Executor,
  id: bigint,
  from: { status: bigint; daysPaid: bigint },
  set: Partial<FinancialOrderRow>,
): Promise<FinancialOrderRow | undefined> {
  const { id: _id, ...values } = set;
  return db
    .updateTable('financial_orders')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', from.status)
    .where('days_paid', '=', from.daysPaid)
    .returningAll()
    .executeTakeFirst();
}

export async function insertDividend(
  db: Executor,
  row: Omit<FinancialDividendRow, 'id'>,
): Promise<void> {
  await db.insertInto('financial_dividends').values(row).execute();
}

export async function dividendPage(
  db: Executor,
  q: { userId: number; book: string; orderId?: number | undefined; offset: number; limit: number },
): Promise<{ rows: (FinancialDividendRow & { order_no: string })[]; total: number }> {
  let base = db
    .selectFrom('financial_dividends as d')
    .innerJoin('financial_orders as o', 'o.id', 'd.order_id')
    .where('d.user_id', '=', BigInt(q.userId))
    .where('d.book', '=', q.book);
  if (q.orderId !== undefined) base = base.where('d.order_id', '=', BigInt(q.orderId));
  const [rows, count] = await Promise.all([
    base
      .selectAll('d')
      .select('o.order_no')
      .orderBy('d.id', 'desc')
      .offset(q.offset)
      .limit(q.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function dividendsOf(db: Executor, orderId: bigint): Promise<FinancialDividendRow[]> {
  return db
    .selectFrom('financial_dividends')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('day')
    .execute();
}

/** Principal in progress, interest paid ever, and interest paid since `since`. */
export async function profit(
  db: Executor,
  userId: number,
  book: string,
  since: number,
): Promise<{ invested: bigint; total: bigint; today: bigint }> {
  const [invested, total, today] = await Promise.all([
    db
      .selectFrom('financial_orders')
      .select((eb) => eb.fn.sum<bigint>('amount').as('v'))
      .where('user_id', '=', BigInt(userId))
      .where('book', '=', book)
      .where('status', '=', IN_PROGRESS)
      .executeTakeFirst(),
    db
      .selectFrom('financial_dividends')
      .select((eb) => eb.fn.sum<bigint>('amount').as('v'))
      .where('user_id', '=', BigInt(userId))
      .where('book', '=', book)
      .executeTakeFirst(),
    db
      .selectFrom('financial_dividends')
      .select((eb) => eb.fn.sum<bigint>('amount').as('v'))
      .where('user_id', '=', BigInt(userId))
      .where('book', '=', book)
      .where('paid_at', '>=', BigInt(since))
      .executeTakeFirst(),
  ]);
  return {
    invested: BigInt(invested?.v ?? 0n),
    total: BigInt(total?.v ?? 0n),
    today: BigInt(today?.v ?? 0n),
  };
}
