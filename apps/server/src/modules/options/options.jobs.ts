import type { AppContext } from '../../http/context';
import type { Lease } from '../../cluster/lease';
import { JobLoop } from '../../lib/job-loop';
import type { Tick } from '../../market/tick-log';
import { blindWatch } from './options.blind';
import * as repo from './options.repository';
import {
  dueToSettle,
  settlementTickOf,
  settleOrders,
  start,
  type DueOrder,
} from './options.service';
import type { OptionOrderRow } from './options.table';

/** How often the job looks for due orders. */
const PASS_MS = 100;
/**
 * How long after a boundary or expiry the job acts: by then the feed has stepped past it and the
 * ticks up to it are in the log (a step is at most MARKET_TICK_MS; the log writes after each).
 */
const SETTLE_DELAY_MS = 300;
/** Orders read per query; a larger backlog is worked through query after query. */
const CHUNK = 1_000;
/** Chunks of due orders settling at once (one read ahead of the one settling). */
const AHEAD = 2;
/** Orders started or settled by one unit of work. */
const UNIT = 250;
/** Ticks logged before this many days ago are pruned, once an hour. */
const PRUNE_EVERY_MS = 3_600_000;

/**
 * Option delivery's jobs on the app's clock: start scheduled orders at their boundary, settle every
 * running order after its expiry (one unit of work each, committed together by the group
 * committer), and prune the tick log past its retention. After a restart the first pass settles
 * whatever expired while the server was down, from the logged ticks; a settled order is never
 * settled again (its status guards it).
 */
export class OptionsJobs {
  private readonly loop: JobLoop;
  private lastPrune = 0;

  constructor(private readonly app: AppContext) {
    this.loop = new JobLoop(app.log, PASS_MS, 'option settlement pass failed', () => this.work());
  }

  /** With a lease (scale-out), passes run only in the process that holds it. */
  start(lease?: Lease): void {
    this.loop.start(false, lease);
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One pass; a pass still running is joined rather than doubled. */
  pass(): Promise<void> {
    return this.loop.pass();
  }

  private async work(): Promise<void> {
    const now = this.app.clock.now();
    // A boundary or expiry is decided once the feed has stepped past it (whether the coin was
    // blind then is known from that step on).
    const horizon = Math.min(now - SETTLE_DELAY_MS, this.feedTime());
    blindWatch(this.app).observe(this.app);
    await this.durableTicks();
    const db = this.app.db;
    await this.drain(
      () => repo.dueToStart(db, horizon, CHUNK),
      (rows) => this.startAll(rows),
    );
    await this.settleDue(horizon);
    if (now - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = now;
      const days = this.app.config.market.tickLogDays ?? 7;
      await repo.pruneTicks(this.app.db, now - days * 86_400_000);
    }
  }

  /** The time of the feed's last step, as far as every option coin has come. */
  private feedTime(): number {
    let time = Infinity;
    for (const product of this.app.market.products()) {
      if (!product.options) continue;
      time = Math.min(time, this.app.market.ticker(product.symbol)?.time ?? Infinity);
    }
    return time;
  }

  /** Every tick recorded so far is in the log before the pass reads it. */
  private async durableTicks(): Promise<void> {
    let last = 0;
    for (const product of this.app.market.products()) {
      if (!product.options) continue;
      last = Math.max(last, this.app.market.lastTick(product.symbol)?.seq ?? 0);
    }
    if (last) await this.app.market.tickDurable(last);
  }

  /** Reads a chunk of due orders and moves them, until none is left. */
  private async drain<T>(
    read: () => Promise<T[]>,
    move: (rows: readonly T[]) => Promise<number>,
  ): Promise<void> {
    for (;;) {
      const rows = await read();
      if (rows.length === 0) return;
      const moved = await move(rows);
      // A chunk none of which could be settled is retried on the next pass, not in a loop.
      if (rows.length < CHUNK || moved === 0) return;
    }
  }

  /**
   * Settles every running order due by `horizon`, chunk after chunk; the next chunk is read (past
   * the last order of this one) while this one settles, and settling it starts before this one's
   * last commit is flushed, so the writer never waits on the disk between chunks. At most
   * AHEAD chunks are in flight. A chunk none of whose orders could be settled ends the pass: they
   * are retried on the next one, not in a loop.
   */
  private async settleDue(horizon: number): Promise<void> {
    const inFlight: Promise<number>[] = [];
    try {
      let after: DueOrder | undefined;
      for (;;) {
        const rows = await dueToSettle(this.app, horizon, CHUNK, after);
        if (rows.length === 0) return;
        inFlight.push(this.settleAll(rows));
        if (inFlight.length >= AHEAD && (await inFlight.shift()!) === 0) return;
        if (rows.length < CHUNK) return;
        after = rows[rows.length - 1];
      }
    } finally {
      // settleAll answers even when units fail (they are logged); a failed read ends the pass
      // once what was read before it has settled.
      await Promise.all(inFlight);
    }
  }

  /**
   * Each order's tick is looked up once per symbol and time (a burst of orders expiring together
   * shares it). Orders settle in units of up to UNIT orders (each settled order its own ledger
   * transaction and record), all queued at once so that they share commits. Answers how many
   * moved.
   */
  async settleAll(rows: readonly DueOrder[]): Promise<number> {
    const ticks = this.ticks((row: DueOrder) => [row.symbol, Number(row.settle_time)]);
    return this.inUnits(rows, async (unit) => {
      const items = await ticks(unit);
      // First as the due read found them; a unit that runs again (its batch rolled back, or
      // one of its orders moved on meanwhile: OrdersMovedError) reads its orders afresh.
      let asRead = true;
      return this.app.writer.runInOrder((trx) => {
        const first = asRead;
        asRead = false;
        return settleOrders(this.app, trx, 'running', items, first);
      });
    });
  }

  /**
   * Scheduled orders start (or fail) at their boundary, in units as above (on PostgreSQL, where
   * ordered units run one after another, a boundary's starts are not one transaction each).
   */
  private async startAll(rows: readonly OptionOrderRow[]): Promise<number> {
    const ticks = this.ticks((row: OptionOrderRow) => [row.symbol, Number(row.open_time)]);
    return this.inUnits(rows, async (unit) => {
      const items = await ticks(unit);
      return this.app.writer.runInOrder(async (trx) => {
        let started = 0;
        for (const { row, tick } of items) started += Number(await start(this.app, trx, row, tick));
        return started;
      });
    });
  }

  /**
   * Pairs each row of a unit with its tick (`of` names its symbol and time), each symbol and time
   * looked up once for all units: one await per tick, not per order.
   */
  private ticks<T>(
    of: (row: T) => [string, number],
  ): (unit: readonly T[]) => Promise<{ row: T; tick: Tick | null }[]> {
    const ticks = new Map<string, Promise<Tick | null>>();
    return async (unit) => {
      const keys = unit.map((row) => {
        const [symbol, time] = of(row);
        const key = `${symbol}@${time}`;
        if (!ticks.has(key)) ticks.set(key, settlementTickOf(this.app, symbol, time));
        return key;
      });
      const found = new Map<string, Tick | null>();
      for (const key of keys) if (!found.has(key)) found.set(key, await ticks.get(key)!);
      return unit.map((row, i) => ({ row, tick: found.get(keys[i]!) ?? null }));
    };
  }

  /** `work` on units of up to UNIT rows, all queued at once; answers how many moved. */
  private async inUnits<T>(
    rows: readonly T[],
    work: (unit: T[]) => Promise<number>,
  ): Promise<number> {
    const units: T[][] = [];
    for (let i = 0; i < rows.length; i += UNIT) units.push(rows.slice(i, i + UNIT));
    const results = await Promise.allSettled(units.map(work));
    let moved = 0;
    for (const r of results) {
      if (r.status === 'rejected')
        this.app.log.error({ err: r.reason }, 'option settlement failed');
      else moved += r.value;
    }
    return moved;
  }
}
