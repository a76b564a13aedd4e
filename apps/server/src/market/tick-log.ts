import { formatMoney, parseMoney } from '@tidemark/contract';
import type { DatabaseHandle, Executor, Trx } from '../db/database';
import { inTransaction } from '../db/database';
import { StaleLeaseError } from '../cluster/lease';

/** One exchange source's price that went into a live tick (the median of them). */
export interface TickSourcePrice {
  name: string;
  price: bigint;
  /** When the source last updated (ms). */
  time: number;
}

/** One tick of the feed as options and leverage use it. */
export interface Tick {
  seq: number;
  symbol: string;
  time: number;
  price: bigint;
  /** A live tick's sources (MARKET_FEED=live); absent for the simulator's ticks. */
  sources?: readonly TickSourcePrice[];
}

/** The tick log's JSON of a live tick's sources (prices as decimal strings); null without. */
export function sourcesJson(sources: readonly TickSourcePrice[] | undefined): string | null {
  if (!sources) return null;
  return JSON.stringify(
    sources.map((s) => ({ name: s.name, price: formatMoney(s.price), time: s.time })),
  );
}

/** A row of the tick log as a Tick; a live tick keeps the sources whose median it is. */
export function tickOfRow(row: {
  seq: bigint;
  symbol: string;
  time: bigint;
  price: bigint;
  sources: string | null;
}): Tick {
  const tick: Tick = {
    seq: Number(row.seq),
    symbol: row.symbol,
    time: Number(row.time),
    price: BigInt(row.price),
  };
  const sources = sourcesOfJson(row.sources);
  return sources ? { ...tick, sources } : tick;
}

/** The sources a stored tick names, back from the log's JSON (undefined for a simulator tick). */
export function sourcesOfJson(json: string | null): TickSourcePrice[] | undefined {
  if (json === null) return undefined;
  const rows = JSON.parse(json) as { name: string; price: string; time: number }[];
  return rows.map((r) => ({ name: r.name, price: parseMoney(r.price), time: r.time }));
}

export interface TickLogLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * Scale-out: checks inside the tick write's own transaction that this process still owns the
 * feed (the feed lease's `fence`), so a stale owner's ticks are refused and rolled back.
 */
export type TickFence = (trx: Trx) => Promise<void>;

/** Rows per INSERT: 4 bound values each, far below either database's parameter limit. */
const INSERT_BATCH = 2_000;

/**
 * Writes the feed's ticks of the option symbols to the append-only tick log, batched: the feed
 * records a tick per symbol and step in memory and the log writes them all in one transaction per
 * step, behind the previous write. Sequence numbers continue from the last stored one, so they
 * never repeat across restarts or a change of the feed's owner. Only the market (the feed) holds
 * one; in a process that does not own the feed (scale-out) it holds the owner's ticks as they
 * arrive (`apply`), which are in the log already.
 */
export class TickLog {
  private nextSeq = 1;
  private pending: Tick[] = [];
  private readonly latest = new Map<string, Tick>();
  private writes: Promise<void> = Promise.resolve();
  private stored = 0;
  /** Whether the last flush's write stored its ticks (false: refused or failed). */
  lastWrite: Promise<boolean> = Promise.resolve(true);

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: TickLogLog,
    private readonly fence?: TickFence,
  ) {}

  /**
   * Continues from the log's last sequence number (at start, and when this process takes the feed
   * over: after its lease was acquired, so every write of the former owner is in or refused).
   */
  async start(): Promise<void> {
    await this.writes;
    const row = await this.database.db
      .selectFrom('tick_log')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirst();
    const last = Number(row?.seq ?? 0);
    this.pending = [];
    this.nextSeq = Math.max(this.nextSeq, last + 1);
    this.stored = Math.max(this.stored, last);
  }

  /** The feed owner's tick, already in the log (scale-out: a process that does not own the feed). */
  apply(tick: Tick): void {
    const known = this.latest.get(tick.symbol);
    if (!known || known.seq < tick.seq) this.latest.set(tick.symbol, tick);
    if (tick.seq > this.stored) this.stored = tick.seq;
    if (tick.seq >= this.nextSeq) this.nextSeq = tick.seq + 1;
  }

  /** A new tick of `symbol`; written with the next flush. */
  record(symbol: string, time: number, price: bigint, sources?: readonly TickSourcePrice[]): Tick {
    const tick: Tick = sources
      ? { seq: this.nextSeq++, symbol, time, price, sources }
      : { seq: this.nextSeq++, symbol, time, price };
    this.pending.push(tick);
    this.latest.set(symbol, tick);
    return tick;
  }

  /** The newest tick of a symbol since this start (it may still be on its way to the log). */
  last(symbol: string): Tick | undefined {
    return this.latest.get(symbol);
  }

  /** Writes what was recorded since the last flush, behind the previous write. */
  flush(): void {
    if (this.pending.length === 0) return;
    const ticks = this.pending;
    this.pending = [];
    const { db } = this.database;
    const fence = this.fence;
    const write = this.writes
      .then(() =>
        inTransaction(db, async (trx) => {
          if (fence) await fence(trx);
          await insertTicks(trx, ticks);
        }),
      )
      .then(() => {
        this.stored = Math.max(this.stored, ticks[ticks.length - 1]!.seq);
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof StaleLeaseError) {
          // Another process owns the feed now: its ticks, not these, continue the log.
          this.log.warn(
            { role: error.role, ticks: ticks.length },
            'ticks refused: feed lease lost',
          );
          return false;
        }
        // A lost tick is a gap in the log (an option without a tick near expiry fails and is
        // refunded), never a reason to stop the prices.
        this.log.error({ err: error, ticks: ticks.length }, 'storing ticks failed');
        return false;
      });
    this.lastWrite = write;
    this.writes = write.then(() => undefined);
  }

  /**
   * Waits until the write of every tick up to `seq` has ended; answers whether the log holds them
   * (false: a write failed, and the tick exists in memory only).
   */
  async durable(seq: number): Promise<boolean> {
    if (seq <= this.stored) return true;
    if (this.pending.some((t) => t.seq <= seq)) this.flush();
    await this.writes;
    return seq <= this.stored;
  }

  async stop(): Promise<void> {
    this.flush();
    await this.writes;
  }
}

export async function insertTicks(db: Executor, ticks: readonly Tick[]): Promise<void> {
  for (let i = 0; i < ticks.length; i += INSERT_BATCH) {
    await db
      .insertInto('tick_log')
      .values(
        ticks.slice(i, i + INSERT_BATCH).map((t) => ({
          seq: BigInt(t.seq),
          symbol: t.symbol,
          time: BigInt(t.time),
          price: t.price,
          sources: sourcesJson(t.sources),
        })),
      )
      .execute();
  }
}
