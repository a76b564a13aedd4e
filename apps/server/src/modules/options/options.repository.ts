import { sql } from 'kysely';
import { locksRows, type DatabaseHandle, type Executor } from '../../db/database';
import { tickOfRow, type Tick } from '../../market/tick-log';
import type {
  NewOptionOrderRow,
  OptionOrderRow,
  OptionOrderTermsRow,
  OptionPeriodRow,
  OptionProductRow,
  OptionRecordRow,
} from './options.table';

/** Every query of option delivery. */

export const OPEN_STATUSES = ['scheduled', 'running'] as const;
export const CLOSED_STATUSES = ['settled', 'failed', 'cancelled'] as const;

export function products(db: Executor): Promise<OptionProductRow[]> {
  return db.selectFrom('option_products').selectAll().orderBy('symbol').execute();
}

export function product(db: Executor, symbol: string): Promise<OptionProductRow | undefined> {
  return db
    .selectFrom('option_products')
    .selectAll()
    .where('symbol', '=', symbol)
    .executeTakeFirst();
}

export function periods(db: Executor, symbol?: string): Promise<OptionPeriodRow[]> {
  return db
    .selectFrom('option_periods')
    .selectAll()
    .$if(symbol !== undefined, (qb) => qb.where('symbol', '=', symbol!))
    .orderBy('symbol')
    .orderBy('seconds')
    .execute();
}

export function period(db: Executor, id: number): Promise<OptionPeriodRow | undefined> {
  return db
    .selectFrom('option_periods')
    .selectAll()
    .where('id', '=', BigInt(id))
    .executeTakeFirst();
}

/** An order's terms as the view shows them before it closes (nothing of a settlement yet). */
function open(row: OptionOrderTermsRow): OptionOrderRow {
  return {
    ...row,
    settle_price: null,
    settle_tick_time: null,
    settle_seq: null,
    outcome: null,
    payout: null,
    record_seq: null,
  };
}

/** A new order; a running one (placed at once) joins the settlement queue. */
export async function insertOrder(db: Executor, row: NewOptionOrderRow): Promise<OptionOrderRow> {
  const inserted = await db
    .insertInto('option_order_terms')
    .values(row)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (inserted.status === 'running') await queueToSettle(db, inserted);
  return open(inserted);
}

/** A running order joins the settlement queue (at placing, or at its start). */
export async function queueToSettle(
  db: Executor,
  row: Pick<OptionOrderTermsRow, 'id' | 'settle_time' | 'strike_time'>,
): Promise<void> {
  await db
    .insertInto('option_due')
    .values({ settle_time: row.settle_time, id: row.id, strike_time: row.strike_time })
    .execute();
}

export async function order(
  handle: Pick<DatabaseHandle, 'dialect'>,
  db: Executor,
  id: number,
  lock = false,
): Promise<OptionOrderRow | undefined> {
  // The view's outer join cannot be locked: its terms row is (what top-up and cancel change).
  if (lock && locksRows(handle)) {
    await db
      .selectFrom('option_order_terms')
      .select('id')
      .where('id', '=', BigInt(id))
      .forUpdate()
      .execute();
  }
  return db.selectFrom('option_orders').selectAll().where('id', '=', BigInt(id)).executeTakeFirst();
}

/**
 * Moves a scheduled order on (started, topped up, cancelled, failed) in its terms row; answers
 * the order, or undefined if it had moved on.
 */
export async function transition(
  db: Executor,
  id: bigint,
  from: 'scheduled',
  patch: Partial<Omit<OptionOrderTermsRow, 'id'>>,
): Promise<OptionOrderRow | undefined> {
  const row = await db
    .updateTable('option_order_terms')
    .set(patch)
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
  return row && open(row);
}

export async function orderPage(
  db: Executor,
  query: {
    userId?: number | undefined;
    book?: string | undefined;
    kind?: string | undefined;
    statuses?: readonly string[] | undefined;
    symbol?: string | undefined;
    offset: number;
    limit: number;
  },
): Promise<{ rows: OptionOrderRow[]; total: number }> {
  const base = db
    .selectFrom('option_orders')
    .$if(query.userId !== undefined, (qb) => qb.where('user_id', '=', BigInt(query.userId!)))
    .$if(query.book !== undefined, (qb) => qb.where('book', '=', query.book!))
    .$if(query.kind !== undefined, (qb) => qb.where('kind', '=', query.kind!))
    .$if(query.statuses !== undefined, (qb) => qb.where('status', 'in', [...query.statuses!]))
    .$if(query.symbol !== undefined, (qb) => qb.where('symbol', '=', query.symbol!));
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').offset(query.offset).limit(query.limit).execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function openOrders(
  db: Executor,
  userId: number,
  book: string,
  kind: string | undefined,
  symbol: string | undefined,
): Promise<OptionOrderRow[]> {
  return db
    .selectFrom('option_orders')
    .selectAll()
    .where('user_id', '=', BigInt(userId))
    .where('book', '=', book)
    .where('status', 'in', [...OPEN_STATUSES])
    .$if(kind !== undefined, (qb) => qb.where('kind', '=', kind!))
    .$if(symbol !== undefined, (qb) => qb.where('symbol', '=', symbol!))
    .orderBy('settle_time')
    .orderBy('id')
    .execute();
}

/** Scheduled orders due to start by `before` (running ones: dueToSettle, in the service). */
export async function dueToStart(
  db: Executor,
  before: number,
  limit: number,
): Promise<OptionOrderRow[]> {
  // The status as a literal: only then may the databases use the partial index of that queue.
  const rows = await db
    .selectFrom('option_order_terms')
    .selectAll()
    .where('status', '=', sql.lit('scheduled'))
    .where('open_time', '<=', BigInt(before))
    .orderBy('open_time')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(open);
}

/** The last logged tick of a symbol at or before `time`. */
export async function tickAtOrBefore(
  db: Executor,
  symbol: string,
  time: number,
): Promise<Tick | undefined> {
  const row = await db
    .selectFrom('tick_log')
    .selectAll()
    .where('symbol', '=', symbol)
    .where('time', '<=', BigInt(time))
    .orderBy('time', 'desc')
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && tickOfRow(row);
}

/** The first logged tick of a symbol after sequence number `seq` (undefined: none yet). */
export async function tickAfter(
  db: Executor,
  symbol: string,
  seq: number,
): Promise<Tick | undefined> {
  const row = await db
    .selectFrom('tick_log')
    .selectAll()
    .where('symbol', '=', symbol)
    .where('seq', '>', BigInt(seq))
    .orderBy('seq')
    .limit(1)
    .executeTakeFirst();
  return row && tickOfRow(row);
}

export { sourcesBySeq } from '../market/tick-sources';

/** `count` logged ticks of a symbol on each side of a sequence number, in order. */
export async function ticksAround(
  db: Executor,
  symbol: string,
  seq: number,
  count: number,
): Promise<Tick[]> {
  const [before, after] = await Promise.all([
    db
      .selectFrom('tick_log')
      .selectAll()
      .where('symbol', '=', symbol)
      .where('seq', '<=', BigInt(seq))
      .orderBy('seq', 'desc')
      .limit(count + 1)
      .execute(),
    db
      .selectFrom('tick_log')
      .selectAll()
      .where('symbol', '=', symbol)
      .where('seq', '>', BigInt(seq))
      .orderBy('seq')
      .limit(count)
      .execute(),
  ]);
  return [...before.reverse(), ...after].map(tickOfRow);
}

/** The logged ticks of the given sequence numbers (those still kept), by sequence number. */
export async function ticksBySeq(
  db: Executor,
  seqs: readonly number[],
): Promise<Map<number, Tick>> {
  const found = new Map<number, Tick>();
  if (seqs.length === 0) return found;
  const rows = await db
    .selectFrom('tick_log')
    .selectAll()
    .where('seq', 'in', [...new Set(seqs)].map(BigInt))
    .execute();
  for (const row of rows) found.set(Number(row.seq), tickOfRow(row));
  return found;
}

/** Removes ticks older than `before` (the retention), never one an open order still needs. */
export async function pruneTicks(db: Executor, before: number): Promise<number> {
  // Only running orders have a strike: the settlement queue holds theirs.
  const oldestOpen = await db
    .selectFrom('option_due')
    .select((eb) => eb.fn.min('strike_time').as('t'))
    .executeTakeFirst();
  const oldest = oldestOpen?.t;
  const limit = oldest === null || oldest === undefined ? before : Math.min(before, Number(oldest));
  const result = await db
    .deleteFrom('tick_log')
    .where('time', '<', BigInt(limit))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

// --- exposure ----------------------------------------------------------------------------------

export async function exposure(
  handle: Pick<DatabaseHandle, 'dialect'>,
  db: Executor,
  book: string,
  lock: boolean,
): Promise<bigint> {
  const row = await db
    .selectFrom('option_exposure')
    .select('worst_case')
    .where('book', '=', book)
    .$if(lock && locksRows(handle), (qb) => qb.forUpdate())
    .executeTakeFirst();
  return BigInt(row?.worst_case ?? 0n);
}

export async function addExposure(db: Executor, book: string, delta: bigint): Promise<void> {
  await db
    .updateTable('option_exposure')
    .set({ worst_case: sql`worst_case + ${delta}` })
    .where('book', '=', book)
    .execute();
}

// --- the record chain ----------------------------------------------------------------------------

export async function chainHead(
  handle: Pick<DatabaseHandle, 'dialect'>,
  db: Executor,
): Promise<{ seq: number; hash: string }> {
  const row = await db
    .selectFrom('option_chain')
    .select(['seq', 'hash'])
    .where('id', '=', 1n)
    .$if(locksRows(handle), (qb) => qb.forUpdate())
    .executeTakeFirstOrThrow();
  return { seq: Number(row.seq), hash: row.hash };
}

export function record(db: Executor, seq: number): Promise<OptionRecordRow | undefined> {
  return db
    .selectFrom('option_records')
    .selectAll()
    .where('seq', '=', BigInt(seq))
    .executeTakeFirst();
}

/** Orders by id, for the verifier's chunk of records. */
export async function ordersById(
  db: Executor,
  ids: readonly number[],
): Promise<Map<number, OptionOrderRow>> {
  const found = new Map<number, OptionOrderRow>();
  if (ids.length === 0) return found;
  const rows = await db
    .selectFrom('option_orders')
    .selectAll()
    .where('id', 'in', ids.map(BigInt))
    .execute();
  for (const row of rows) found.set(Number(row.id), row);
  return found;
}

export async function recordPage(
  db: Executor,
  query: {
    symbol?: string | undefined;
    from?: number | undefined;
    to?: number | undefined;
    offset: number;
    limit: number;
  },
): Promise<{ rows: OptionRecordRow[]; total: number }> {
  const base = db
    .selectFrom('option_records')
    .$if(query.symbol !== undefined, (qb) => qb.where('symbol', '=', query.symbol!))
    .$if(query.from !== undefined, (qb) => qb.where('expiry', '>=', BigInt(query.from!)))
    .$if(query.to !== undefined, (qb) => qb.where('expiry', '<=', BigInt(query.to!)));
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('seq', 'desc').offset(query.offset).limit(query.limit).execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Records in chain order from `afterSeq`, a chunk at a time (the verifier reads them all). */
export function recordsFrom(
  db: Executor,
  afterSeq: number,
  limit: number,
): Promise<OptionRecordRow[]> {
  return db
    .selectFrom('option_records')
    .selectAll()
    .where('seq', '>', BigInt(afterSeq))
    .orderBy('seq')
    .limit(limit)
    .execute();
}

// --- console reads -----------------------------------------------------------------------------------

/** The open orders' stakes and terms: the console's exposure by symbol. */
export function openStakes(db: Executor) {
  // Scheduled orders by their start queue, running ones by their settlement queue.
  return db
    .selectFrom('option_order_terms')
    .select(['symbol', 'book', 'direction', 'stake', 'return_rate'])
    .where('status', '=', sql.lit('scheduled'))
    .unionAll(
      db
        .selectFrom('option_due as d')
        .innerJoin('option_order_terms as o', 'o.id', 'd.id')
        .select(['o.symbol', 'o.book', 'o.direction', 'o.stake', 'o.return_rate']),
    )
    .execute();
}

/** Settled and failed orders of a book since `from`: the pool's day-by-day result. */
export function closedSince(db: Executor, book: string, from: number) {
  return db
    .selectFrom('option_orders')
    .select(['settle_time', 'stake', 'payout'])
    .where('book', '=', book)
    .where('status', 'in', ['settled', 'failed'])
    .where('settle_time', '>=', BigInt(from))
    .execute();
}
