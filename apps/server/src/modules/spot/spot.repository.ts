import type { Insertable } from 'kysely';
import type { Executor, Trx } from '../../db/database';
import type { SpotOrderRow, SpotOrderTable, SpotTradeTable } from './spot.table';

export async function insertOrder(trx: Trx, row: Insertable<SpotOrderTable>): Promise<void> {
  await trx.insertInto('spot_orders').values(row).execute();
}

export function findOrder(db: Executor, id: number): Promise<SpotOrderRow | undefined> {
  return db.selectFrom('spot_orders').selectAll().where('id', '=', BigInt(id)).executeTakeFirst();
}

export function findOrderBySeq(db: Executor, seq: number): Promise<SpotOrderRow | undefined> {
  return db.selectFrom('spot_orders').selectAll().where('seq', '=', BigInt(seq)).executeTakeFirst();
}

export async function updateOrder(
  trx: Trx,
  id: number,
  patch: Pick<
    SpotOrderTable,
    'filled' | 'filled_quote' | 'fee' | 'held' | 'phase' | 'updated_at' | 'seq'
  >,
): Promise<void> {
  await trx.updateTable('spot_orders').set(patch).where('id', '=', BigInt(id)).execute();
}

export async function insertTrades(trx: Trx, rows: Insertable<SpotTradeTable>[]): Promise<void> {
  if (rows.length) await trx.insertInto('spot_trades').values(rows).execute();
}

/**
 * Every order that was stored but may not be in a book: resting ones (rebuilt in arrival order)
 * and ones that never reached the engine (a stop between the hold and the match: seq is null).
 */
export function openOrders(db: Executor) {
  return db
    .selectFrom('spot_orders')
    .selectAll()
    .where('phase', 'in', ['open', 'partial'])
    .orderBy('seq')
    .orderBy('id')
    .execute();
}

/** The highest ids used so far: of orders, of engine sequences, of trades. */
export async function highestIds(
  db: Executor,
): Promise<{ order: bigint; seq: bigint; trade: bigint }> {
  const orders = await db
    .selectFrom('spot_orders')
    .select((eb) => [eb.fn.max('id').as('id'), eb.fn.max('seq').as('seq')])
    .executeTakeFirst();
  const trades = await db
    .selectFrom('spot_trades')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const big = (v: unknown) => BigInt((v as bigint | null | undefined) ?? 0n);
  return { order: big(orders?.id), seq: big(orders?.seq), trade: big(trades?.id) };
}

/** The highest engine sequence of a book's stored orders. */
export async function maxSeq(db: Executor, book: string, symbol: string): Promise<bigint> {
  const row = await db
    .selectFrom('spot_orders')
    .select((eb) => eb.fn.max('seq').as('id'))
    .where('book', '=', book)
    .where('symbol', '=', symbol)
    .executeTakeFirst();
  return BigInt((row?.id as bigint | null) ?? 0n);
}

export interface OrderPageQuery {
  userId: number;
  book: string;
  phases: readonly string[];
  symbol: string | undefined;
  offset: number;
  limit: number;
}

export async function orderPage(db: Executor, q: OrderPageQuery) {
  const base = db
    .selectFrom('spot_orders')
    .where('user_id', '=', BigInt(q.userId))
    .where('book', '=', q.book)
    .where('phase', 'in', [...q.phases])
    .$if(q.symbol !== undefined, (qb) => qb.where('symbol', '=', q.symbol!));
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').offset(q.offset).limit(q.limit).execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Recent trades of a symbol in a book, newest first. */
export function recentTrades(db: Executor, book: string, symbol: string, limit: number) {
  return db
    .selectFrom('spot_trades')
    .select(['price', 'quantity', 'taker_side', 'created_at'])
    .where('book', '=', book)
    .where('symbol', '=', symbol)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** USDT value a user has traded in a book (both sides): the withdrawal threshold reads it. */
export async function tradedQuote(db: Executor, userId: number, book: string): Promise<bigint> {
  const id = BigInt(userId);
  const row = await db
    .selectFrom('spot_trades')
    .select((eb) => eb.fn.sum<bigint>('quote').as('total'))
    .where('book', '=', book)
    .where((eb) => eb.or([eb('taker_owner', '=', id), eb('maker_owner', '=', id)]))
    .executeTakeFirst();
  return BigInt(row?.total ?? 0n);
}
