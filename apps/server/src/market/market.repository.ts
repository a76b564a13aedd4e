import type { CandlePeriod } from '@tidemark/contract';
import { CompiledQuery } from 'kysely';
import type { DialectName, Executor } from '../db/database';
import type { Bar } from './candles';
import type { CandleRow, CandleTable } from './market.table';

/**
 * Rows per INSERT: 9 bound values each stays far below SQLite's 32,766 and PostgreSQL's 65,535
 * parameters, while few enough statements keep a history of several hundred thousand rows fast.
 */
const INSERT_BATCH = 1_000;
const COLUMNS = [
  'symbol',
  'period',
  'time',
  'open',
  'high',
  'low',
  'close',
  'volume',
  'quote_volume',
] as const satisfies readonly (keyof CandleTable)[];

/**
 * Closed candles waiting to be written, as one flat list of bound values. A back-fill makes
 * hundreds of thousands of candles: row objects and Kysely's per-row parsing would double its time.
 */
export class CandleBatch {
  values: (string | bigint)[] = [];

  get size(): number {
    return this.values.length / COLUMNS.length;
  }

  add(symbol: string, period: CandlePeriod, bar: Bar): void {
    this.values.push(
      symbol,
      period,
      BigInt(bar.time),
      bar.open,
      bar.high,
      bar.low,
      bar.close,
      bar.volume,
      bar.quoteVolume,
    );
  }

  /** Hands over the candles so far and starts empty. */
  take(): CandleBatch {
    const taken = new CandleBatch();
    taken.values = this.values;
    this.values = [];
    return taken;
  }
}

const insertSql = new Map<string, string>();

/** INSERT of `rows` candles in the dialect's placeholders; made once per size. */
function insertStatement(dialect: DialectName, rows: number): string {
  const key = `${dialect}:${rows}`;
  let text = insertSql.get(key);
  if (text) return text;
  let n = 0;
  const placeholder = dialect === 'postgres' ? () => `$${++n}` : () => '?';
  const tuples = Array.from({ length: rows }, () => `(${COLUMNS.map(placeholder).join(', ')})`);
  // A candle already stored is kept: a closed candle never changes, and two processes starting
  // on one empty database must not fail.
  text =
    `insert into candles (${COLUMNS.join(', ')}) values ${tuples.join(', ')} ` +
    'on conflict (symbol, period, time) do nothing';
  insertSql.set(key, text);
  return text;
}

export async function insertCandles(
  db: Executor,
  dialect: DialectName,
  batch: CandleBatch,
): Promise<void> {
  const width = COLUMNS.length;
  for (let row = 0; row < batch.size; row += INSERT_BATCH) {
    const rows = Math.min(INSERT_BATCH, batch.size - row);
    const values = batch.values.slice(row * width, (row + rows) * width);
    await db.executeQuery(CompiledQuery.raw(insertStatement(dialect, rows), values));
  }
}

export function rowBar(row: CandleRow): Bar {
  return {
    time: Number(row.time),
    open: row.open,
    high: row.high,
    low: row.low,
    close: row.close,
    volume: row.volume,
    quoteVolume: row.quote_volume,
  };
}

/** The newest stored candle of a symbol and period. */
export function latestCandle(
  db: Executor,
  symbol: string,
  period: CandlePeriod,
): Promise<CandleRow | undefined> {
  return db
    .selectFrom('candles')
    .selectAll()
    .where('symbol', '=', symbol)
    .where('period', '=', period)
    .orderBy('time', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The newest `limit` candles opening before `before`, newest first. */
export function candlesBefore(
  db: Executor,
  symbol: string,
  period: CandlePeriod,
  before: number,
  limit: number,
): Promise<CandleRow[]> {
  return db
    .selectFrom('candles')
    .selectAll()
    .where('symbol', '=', symbol)
    .where('period', '=', period)
    .where('time', '<', BigInt(before))
    .orderBy('time', 'desc')
    .limit(limit)
    .execute();
}

/** Candles opening in [from, to), oldest first. */
export function candlesBetween(
  db: Executor,
  symbol: string,
  period: CandlePeriod,
  from: number,
  to: number,
): Promise<CandleRow[]> {
  return db
    .selectFrom('candles')
    .selectAll()
    .where('symbol', '=', symbol)
    .where('period', '=', period)
    .where('time', '>=', BigInt(from))
    .where('time', '<', BigInt(to))
    .orderBy('time')
    .execute();
}
