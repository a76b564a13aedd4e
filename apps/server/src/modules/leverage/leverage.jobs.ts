import { firedTrigger, type LeverageClosedBy } from '@tidemark/contract';
import type { Lease } from '../../cluster/lease';
import { runFenced } from '../../db/group-commit';
import type { AppContext } from '../../http/context';
import type { Book } from '../../ledger/accounts';
import type { Tick } from '../../market/tick-log';
import { TriggerIndex } from './leverage.engine';
import * as repo from './leverage.repository';
import {
  closeAt,
  indexed,
  LEVERAGE_POSITION_TOPIC,
  publishPnl,
  stateOf,
  track,
  untrack,
  type TrackedPosition,
} from './leverage.service';

/** How often the job reads the ticks logged since its last pass. */
const PASS_MS = 100;
/** Ticks read per query; a backlog (after a restart) is worked through query after query. */
const CHUNK = 5_000;
/** Positions closed by one unit of work. */
const UNIT = 250;
/** The cursor is stored at most this often (a pass after a crash re-reads a few ticks: harmless). */
const CURSOR_EVERY_MS = 1_000;
/** A fund too short to pay a crossed take-profit is logged at most this often (it is retried every pass). */
const SHORT_WARNING_EVERY_MS = 60_000;
/** Live P&L is pushed at most this often per symbol. */
const PNL_EVERY_MS = 1_000;
/** Positions a short fund left open are looked up again at most this often (not every pass). */
const RETRY_EVERY_MS = 1_000;
/**
 * Scale-out: how often the process running the triggers compares its index with the open
 * positions in the database, for a change whose announcement it missed (at most once).
 */
const RESYNC_EVERY_MS = 10_000;

interface Due {
  position: TrackedPosition;
  tick: Tick;
  by: Exclude<LeverageClosedBy, 'user'>;
}

/**
 * The leveraged contract's trigger checks, driven by the tick log: every logged tick, in order,
 * meets the trigger index, which hands back only the positions whose take-profit, stop-loss or
 * liquidation price it crosses; each closes at that tick. The cursor (the last tick checked) is
 * stored, so after a restart the first passes check every tick logged while the server was down
 * and close each crossed position at the first stored tick past its trigger. A closed position
 * is never closed again (its status guards it).
 *
 * Scale-out: a leased role. Only the process holding the lease keeps the index and checks ticks;
 * the others announce the positions they open, change or close to it. Taking the role over, a
 * process builds the index from the database and catches every open position up from its entry
 * (the former owner may not have heard of some), and compares the index with the database every
 * RESYNC_EVERY_MS for an announcement it missed.
 */
export class LeverageJobs {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private storedSeq = 0;
  private lastStore = 0;
  private readonly lastPnl = new Map<string, number>();
  private lastShortWarning = 0;
  /** When positions the fund could not pay are next looked up (their crossing tick read again). */
  private retryAt = 0;
  private lease: Lease | null = null;
  private resyncAt = 0;

  constructor(private readonly app: AppContext) {}

  /**
   * Loads the open positions into the index, then checks ticks every pass. With `lease`
   * (scale-out), only while this process holds it.
   */
  async start(lease?: Lease): Promise<void> {
    if (lease) {
      this.lease = lease;
      stateOf(this.app).following = !lease.held();
      this.app.bus.onAnnouncement(LEVERAGE_POSITION_TOPIC, (message) => this.heard(message));
    }
    if (!this.lease || this.lease.held()) await this.load();
    if (this.timer) return;
    this.timer = setInterval(() => void this.pass(), PASS_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
    if (stateOf(this.app).loaded) await this.storeCursor(true);
  }

  /**
   * The open positions into the index, from the stored cursor on. Taking the role over, every
   * position entered before it is caught up from its entry: the former owner may not have had it.
   */
  async load(takeover = false): Promise<void> {
    const state = stateOf(this.app);
    if (state.loaded) return;
    const loaded: TrackedPosition[] = [];
    let after = 0n;
    for (;;) {
      const rows = await repo.openPositions(this.app.db, after);
      for (const row of rows) {
        const position = indexed(row);
        state.index.upsert(position);
        if (takeover) loaded.push(position);
      }
      if (rows.length === 0) break;
      after = rows[rows.length - 1]!.id;
    }
    state.checkedSeq = (await repo.cursor(this.app.db)) ?? (await repo.maxTickSeq(this.app.db));
    this.storedSeq = state.checkedSeq;
    for (const position of loaded)
      if (position.entrySeq < state.checkedSeq) state.catchUp.push(position);
    state.loaded = true;
    state.following = false;
  }

  /** One pass; a pass still running is joined rather than doubled. */
  pass(): Promise<void> {
    this.running ??= this.work().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Scale-out: follows the lease; answers whether this process runs the triggers now. */
  private async follow(lease: Lease): Promise<boolean> {
    const state = stateOf(this.app);
    if (!lease.held()) {
      if (state.loaded) {
        this.app.log.warn({}, 'leverage triggers: lease lost, another process runs them');
        this.forget();
      }
      return false;
    }
    if (!state.loaded) {
      this.forget();
      await this.load(true);
      this.resyncAt = Date.now() + RESYNC_EVERY_MS;
      this.app.log.info(
        { positions: state.index.size, catchUp: state.catchUp.length },
        'leverage triggers: taken over',
      );
    } else if (Date.now() >= this.resyncAt) {
      this.resyncAt = Date.now() + RESYNC_EVERY_MS;
      await this.resync();
    }
    return lease.held();
  }

  /** The index emptied: another process runs the triggers; changes here are announced to it. */
  private forget(): void {
    const state = stateOf(this.app);
    state.loaded = false;
    state.following = true;
    state.index = new TriggerIndex<TrackedPosition>();
    state.checkedBySymbol.clear();
    state.catchUp = [];
    state.waiting.clear();
  }

  /** Scale-out: a position changed in another process; while running the triggers, re-read it. */
  private heard(message: unknown): void {
    const id = (message as { id?: unknown } | null)?.id;
    if (typeof id !== 'number' || !stateOf(this.app).loaded) return;
    void repo
      .position(this.app.database, this.app.db, id)
      .then((row) => {
        if (!stateOf(this.app).loaded || !row) return;
        if (row.status === 'open') track(this.app, row);
        else untrack(this.app, row.id);
      })
      .catch((error: unknown) =>
        this.app.log.warn({ err: error, id }, 'leverage triggers: position not re-read'),
      );
  }

  /** The index against the open positions in the database (a missed announcement). */
  private async resync(): Promise<void> {
    const state = stateOf(this.app);
    const open = new Set<number>();
    let after = 0n;
    for (;;) {
      const rows = await repo.openPositions(this.app.db, after);
      for (const row of rows) {
        const id = Number(row.id);
        open.add(id);
        const known = state.index.get(id);
        if (state.waiting.has(id)) continue;
        if (!known || known.row.updated_at !== row.updated_at) track(this.app, row);
      }
      if (rows.length === 0) break;
      after = rows[rows.length - 1]!.id;
    }
    for (const product of this.app.market.products())
      for (const [, positions] of state.index.holdersOf(product.symbol))
        for (const p of positions) if (!open.has(p.id)) untrack(this.app, BigInt(p.id));
  }

  private async work(): Promise<void> {
    try {
      if (this.lease && !(await this.follow(this.lease))) return;
      // Every close the pass writes is fenced by the lease (scale-out).
      await (this.lease ? runFenced(this.lease, () => this.checkTicks()) : this.checkTicks());
    } catch (error) {
      this.app.log.error({ err: error }, 'leverage trigger pass failed');
    }
  }

  private async checkTicks(): Promise<void> {
    await this.durableTicks();
    await this.catchUp();
    const latest = new Map<string, Tick>();
    for (;;) {
      const ticks = await repo.ticksAfter(this.app.db, stateOf(this.app).checkedSeq, CHUNK);
      if (ticks.length === 0) break;
      await this.check(ticks);
      for (const tick of ticks) latest.set(tick.symbol, tick);
      if (ticks.length < CHUNK) break;
    }
    await this.storeCursor(false);
    this.pushPnl(latest);
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

  /** Ticks in order through the index; the crossed positions closed, the cursor moved on. */
  async check(ticks: readonly Tick[]): Promise<number> {
    const state = stateOf(this.app);
    const due: Due[] = [];
    for (const tick of ticks) {
      for (const { position, by } of state.index.crossed(tick.symbol, tick.price, tick.seq))
        due.push({ position, tick, by });
      state.checkedSeq = tick.seq;
      state.checkedBySymbol.set(tick.symbol, tick.seq);
    }
    return this.closeAll(due);
  }

  /**
   * Positions indexed after the ticks past their entry were checked (opened or changed while a
   * pass ran): the first logged tick that crosses one of their triggers, if any, closes them.
   */
  private async catchUp(): Promise<void> {
    const state = stateOf(this.app);
    if (state.catchUp.length === 0) return;
    const list = state.catchUp;
    state.catchUp = [];
    const due: Due[] = [];
    const later: TrackedPosition[] = [];
    const retrying = Date.now() >= this.retryAt;
    for (const p of list) {
      const waiting = state.waiting.has(p.id);
      // Refused for a short fund: tried again once the retry time has come, not every pass.
      if (waiting && !retrying) {
        later.push(p);
        continue;
      }
      // A position changed since (a newer version is indexed) or closed meanwhile is skipped.
      if (!waiting && state.index.get(p.id) !== p) continue;
      const long = p.direction === 'long';
      const lows = [long ? p.stopLoss : p.takeProfit, long ? p.liquidation : null].filter(
        (x): x is bigint => x !== null,
      );
      const highs = [long ? p.takeProfit : p.stopLoss, long ? null : p.liquidation].filter(
        (x): x is bigint => x !== null,
      );
      const below = lows.length ? lows.reduce((a, b) => (a > b ? a : b)) : null;
      const above = highs.length ? highs.reduce((a, b) => (a < b ? a : b)) : null;
      const tick = await repo.firstCrossing(
        this.app.db,
        p.symbol,
        p.entrySeq,
        state.checkedSeq,
        below,
        above,
      );
      const by = tick ? firedTrigger(p, tick.price) : null;
      if (!tick || !by) {
        // Nothing crossed it after all: back to the index with the others.
        if (waiting) {
          state.waiting.delete(p.id);
          state.index.upsert(p);
        }
        continue;
      }
      state.waiting.delete(p.id);
      state.index.remove(p.id);
      due.push({ position: p, tick, by });
    }
    await this.closeAll(due);
    state.catchUp.push(...later);
  }

  /** Closes in units of up to UNIT positions, queued at once so they share commits. */
  private async closeAll(due: readonly Due[]): Promise<number> {
    if (due.length === 0) return 0;
    const units: Due[][] = [];
    for (let i = 0; i < due.length; i += UNIT) units.push(due.slice(i, i + UNIT));
    const results = await Promise.allSettled(
      units.map((unit) =>
        this.app.writer.runInOrder(async (trx) => {
          const funds = new Map<Book, bigint>();
          const left: TrackedPosition[] = [];
          let closed = 0;
          for (const { position, tick, by } of unit) {
            const outcome = await closeAt(this.app, trx, position.row, tick, by, funds);
            if (outcome === 'uncovered') left.push(position);
            // 'kept': its triggers moved before this tick reached them (scale-out).
            else if (outcome !== 'closed' && outcome !== 'kept') closed += 1;
          }
          return { closed, left };
        }),
      ),
    );
    let closed = 0;
    results.forEach((r, i) => {
      if (r.status === 'fulfilled') {
        closed += r.value.closed;
        // A profit the fund cannot pay yet: the position stays open and is tried again.
        for (const p of r.value.left) this.retry(p);
        if (r.value.left.length && Date.now() - this.lastShortWarning >= SHORT_WARNING_EVERY_MS) {
          this.lastShortWarning = Date.now();
          this.app.log.warn({ positions: r.value.left.length }, 'insurance fund short: not closed');
        }
      } else {
        this.app.log.error({ err: r.reason }, 'leverage close failed');
        for (const { position } of units[i]!) this.retry(position);
      }
    });
    return closed;
  }

  /** A refused close waits out of the index: the next pass tries it again at its first crossing. */
  private retry(position: TrackedPosition): void {
    const state = stateOf(this.app);
    this.retryAt = Date.now() + RETRY_EVERY_MS;
    state.index.remove(position.id);
    state.waiting.add(position.id);
    state.catchUp.push(position);
  }

  /**
   * Stores the last tick checked; while positions wait for their catch-up, the tick before the
   * earliest of their entries instead, so that a restart checks again what they have not seen.
   */
  private async storeCursor(force: boolean): Promise<void> {
    const state = stateOf(this.app);
    const seq = state.catchUp.reduce((low, p) => Math.min(low, p.entrySeq), state.checkedSeq);
    const now = Date.now();
    if (seq === this.storedSeq || (!force && now - this.lastStore < CURSOR_EVERY_MS)) return;
    await this.app.writer.run((trx) => repo.setCursor(trx, seq));
    this.storedSeq = seq;
    this.lastStore = now;
  }

  private pushPnl(latest: ReadonlyMap<string, Tick>): void {
    const now = this.app.clock.now();
    for (const [symbol, tick] of latest) {
      if (now - (this.lastPnl.get(symbol) ?? 0) < PNL_EVERY_MS) continue;
      this.lastPnl.set(symbol, now);
      publishPnl(this.app, tick);
    }
  }
}
