import { sql } from 'kysely';
import { locksRows, type DatabaseHandle, type Executor } from '../../db/database';
import { tickOfRow, type Tick } from '../../market/tick-log';
import type {
  LeveragePositionRow,
  LeverageTermsRow,
  LeverageTierRow,
  NewLeveragePositionRow,
} from './leverage.table';

/** Every query of the leveraged contract. */

export function terms(db: Executor): Promise<LeverageTermsRow | undefined> {
  return db.selectFrom('leverage_terms').selectAll().where('id', '=', 1n).executeTakeFirst();
}

export function tiers(db: Executor): Promise<LeverageTierRow[]> {
  return db.selectFrom('leverage_tiers').selectAll().orderBy('rank').execute();
}

export async function openedAt(db: Executor, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('leverage_accounts')
    .select('opened_at')
    .where('user_id', '=', BigInt(userId))
    .executeTakeFirst();
  return row ? Number(row.opened_at) : null;
}

export async function openAccount(db: Executor, userId: number, now: number): Promise<void> {
  await db
    .insertInto('leverage_accounts')
    .values({ user_id: BigInt(userId), opened_at: BigInt(now) })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export function insertPosition(
  db: Executor,
  row: NewLeveragePositionRow,
): Promise<LeveragePositionRow> {
  return db.insertInto('leverage_positions').values(row).returningAll().executeTakeFirstOrThrow();
}

export function position(
  handle: Pick<DatabaseHandle, 'dialect'>,
  db: Executor,
  id: number,
  lock = false,
): Promise<LeveragePositionRow | undefined> {
  return db
    .selectFrom('leverage_positions')
    .selectAll()
    .where('id', '=', BigInt(id))
    .$if(lock && locksRows(handle), (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/** Changes an open position; answers it, or undefined once it is closed. */
export function updateOpen(
  db: Executor,
  id: bigint,
  patch: Partial<Omit<LeveragePositionRow, 'id'>>,
): Promise<LeveragePositionRow | undefined> {
  return db
    .updateTable('leverage_positions')
    .set(patch)
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst();
}

export async function positionPage(
  db: Executor,
  query: {
    userId?: number | undefined;
    book?: string | undefined;
    status?: string | undefined;
    symbol?: string | undefined;
    offset: number;
    limit: number;
  },
): Promise<{ rows: LeveragePositionRow[]; total: number }> {
  const base = db
    .selectFrom('leverage_positions')
    .$if(query.userId !== undefined, (qb) => qb.where('user_id', '=', BigInt(query.userId!)))
    .$if(query.book !== undefined, (qb) => qb.where('book', '=', query.book!))
    .$if(query.status !== undefined, (qb) => qb.where('status', '=', query.status!))
    .$if(query.symbol !== undefined, (qb) => qb.where('symbol', '=', query.symbol!));
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').offset(query.offset).limit(query.limit).execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function openPositions(db: Executor, afterId = 0n, limit = 10_000) {
  return db
    .selectFrom('leverage_positions')
    .selectAll()
    .where('status', '=', sql.lit('open'))
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function userOpen(
  db: Executor,
  userId: number,
  book: string,
  symbol: string | undefined,
): Promise<LeveragePositionRow[]> {
  return db
    .selectFrom('leverage_positions')
    .selectAll()
    .where('user_id', '=', BigInt(userId))
    .where('book', '=', book)
    .where('status', '=', 'open')
    .$if(symbol !== undefined, (qb) => qb.where('symbol', '=', symbol!))
    .orderBy('id', 'desc')
    .execute();
}

/** The jobs' cursor: the last tick whose triggers were checked. */
export async function cursor(db: Executor): Promise<number | null> {
  const row = await db
    .selectFrom('leverage_cursor')
    .select('seq')
    .where('id', '=', 1n)
    .executeTakeFirst();
  return row ? Number(row.seq) : null;
}

export async function setCursor(db: Executor, seq: number): Promise<void> {
  await db
    .insertInto('leverage_cursor')
    .values({ id: 1n, seq: BigInt(seq) })
    .onConflict((oc) => oc.column('id').doUpdateSet({ seq: BigInt(seq) }))
    .execute();
}

/** Logged ticks after `seq`, in order. */
export async function ticksAfter(db: Executor, seq: number, limit: number): Promise<Tick[]> {
  const rows = await db
    .selectFrom('tick_log')
    .selectAll()
    .where('seq', '>', BigInt(seq))
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map(tickOfRow);
}

export async function maxTickSeq(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('tick_log')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/**
 * The first logged tick of a symbol in (after, upTo] at or below `below` or at or above `above`
 * (either may be absent): where a position's trigger was first crossed.
 */
export async function firstCrossing(
  db: Executor,
  symbol: string,
  after: number,
  upTo: number,
  below: bigint | null,
  above: bigint | null,
): Promise<Tick | undefined> {
  if (below === null && above === null) return undefined;
  const row = await db
    .selectFrom('tick_log')
    .selectAll()
    .where('symbol', '=', symbol)
    .where('seq', '>', BigInt(after))
    .where('seq', '<=', BigInt(upTo))
    .where((eb) =>
      eb.or([
        ...(below !== null ? [eb('price', '<=', below)] : []),
        ...(above !== null ? [eb('price', '>=', above)] : []),
      ]),
    )
    .orderBy('seq')
    .limit(1)
    .executeTakeFirst();
  return row && tickOfRow(row);
}

/** Real-book trading volume of a user since `since` (ms), in USDT units, by product. */
export async function volumeSince(
  db: Executor,
  userId: number,
  since: number,
): Promise<{ spot: bigint; options: bigint; contracts: bigint }> {
  const uid = BigInt(userId);
  const at = BigInt(since);
  const [taker, maker, options, contracts] = await Promise.all([
    db
      .selectFrom('spot_trades')
      .select((eb) => eb.fn.sum<bigint | string | null>('quote').as('v'))
      .where('book', '=', 'real')
      .where('taker_owner', '=', uid)
      .where('created_at', '>=', at)
      .executeTakeFirst(),
    db
      .selectFrom('spot_trades')
      .select((eb) => eb.fn.sum<bigint | string | null>('quote').as('v'))
      .where('book', '=', 'real')
      .where('maker_owner', '=', uid)
      .where('created_at', '>=', at)
      .executeTakeFirst(),
    db
      .selectFrom('option_orders')
      .select((eb) => eb.fn.sum<bigint | string | null>('stake').as('v'))
      .where('user_id', '=', uid)
      .where('book', '=', 'real')
      .where('status', 'in', ['running', 'settled'])
      .where('created_at', '>=', at)
      .executeTakeFirst(),
    db
      .selectFrom('leverage_positions')
      .select((eb) => eb.fn.sum<bigint | string | null>('value').as('v'))
      .where('user_id', '=', uid)
      .where('book', '=', 'real')
      .where('open_time', '>=', at)
      .executeTakeFirst(),
  ]);
  const n = (r: { v: bigint | string | null } | undefined) => BigInt(r?.v ?? 0);
  return { spot: n(taker) + n(maker), options: n(options), contracts: n(contracts) };
}

/** Open positions per symbol and book (the console's exposure). */
export function openSummary(db: Executor) {
  return db
    .selectFrom('leverage_positions')
    .select(['book', 'symbol', 'direction', 'value', 'margin', 'top_up', 'entry_price'])
    .where('status', '=', sql.lit('open'))
    .execute();
}
