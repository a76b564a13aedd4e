import { compiled } from '../../db/compiled';
import type { Executor, Trx } from '../../db/database';
import type { SpotOrderRow, SpotOrderTable, SpotTradeTable } from './spot.table';

type OrderPatch = Pick<
  SpotOrderTable,
  'filled' | 'filled_quote' | 'fee' | 'held' | 'phase' | 'updated_at' | 'seq'
>;

// The calls of every order (its insert, reads and update, its trades) are compiled once.
const insertOrderQuery = compiled<SpotOrderTable, unknown>((db, value) =>
  db.insertInto('spot_orders').values({
    id: value('id'),
    user_id: value('user_id'),
    book: value('book'),
    symbol: value('symbol'),
    side: value('side'),
    type: value('type'),
    price: value('price'),
    quantity: value('quantity'),
    quote_amount: value('quote_amount'),
    filled: value('filled'),
    filled_quote: value('filled_quote'),
    fee: value('fee'),
    fee_currency: value('fee_currency'),
    held: value('held'),
    held_currency: value('held_currency'),
    phase: value('phase'),
    seq: value('seq'),
    created_at: value('created_at'),
    updated_at: value('updated_at'),
  }),
);

const orderById = compiled<{ id: bigint }, SpotOrderRow>((db, value) =>
  db.selectFrom('spot_orders').selectAll().where('id', '=', value('id')),
);

const orderBySeq = compiled<{ seq: bigint }, SpotOrderRow>((db, value) =>
  db.selectFrom('spot_orders').selectAll().where('seq', '=', value('seq')),
);

const updateOrderQuery = compiled<OrderPatch & { id: bigint }, unknown>((db, value) =>
  db
    .updateTable('spot_orders')
    .set({
      filled: value('filled'),
      filled_quote: value('filled_quote'),
      fee: value('fee'),
      held: value('held'),
      phase: value('phase'),
      seq: value('seq'),
      updated_at: value('updated_at'),
    })
    .where('id', '=', value('id')),
);

const insertTradeQuery = compiled<SpotTradeTable, unknown>((db, value) =>
  db.insertInto('spot_trades').values({
    id: value('id'),
    book: value('book'),
    symbol: value('symbol'),
    price: value('price'),
    quantity: value('quantity'),
    quote: value('quote'),
    taker_side: value('taker_side'),
    maker_order_id: value('maker_order_id'),
    taker_order_id: value('taker_order_id'),
    maker_owner: value('maker_owner'),
    taker_owner: value('taker_owner'),
    maker_fee: value('maker_fee'),
    taker_fee: value('taker_fee'),
    created_at: value('created_at'),
  }),
);

export async function insertOrder(trx: Trx, row: SpotOrderTable): Promise<void> {
  await insertOrderQuery(trx, row);
}

export async function findOrder(db: Executor, id: number): Promise<SpotOrderRow | undefined> {
  return (await orderById(db, { id: BigInt(id) }))[0];
}

export async function findOrderBySeq(db: Executor, seq: number): Promise<SpotOrderRow | undefined> {
  return (await orderBySeq(db, { seq: BigInt(seq) }))[0];
}

export async function updateOrder(trx: Trx, id: number, patch: OrderPatch): Promise<void> {
  await updateOrderQuery(trx, { ...patch, id: BigInt(id) });
}

export async function insertTrades(trx: Trx, rows: SpotTradeTable[]): Promise<void> {
  for (const row of rows) await insertTradeQuery(trx, row);
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
