import { AsyncLocalStorage } from 'node:async_hooks';
import { inTransaction, isRetryable, type DatabaseHandle, type Trx } from './database';

/** What fences a job's writes: its lease (cluster/lease.ts), checked inside each transaction. */
export interface Fence {
  fence(trx: Trx): Promise<void>;
  /** True when `fence` never refuses (the embedded mode's leases). */
  readonly unfenced?: boolean;
}

const fences = new AsyncLocalStorage<Fence>();

/**
 * Runs `pass` so that every unit it hands to a group committer, however deep in the job's code,
 * first calls `fence.fence(trx)` in that unit's transaction: a job whose lease went to another
 * process (scale-out) has its writes refused (StaleLeaseError) and rolled back. Jobs without a
 * lease, and those whose lease never refuses (the embedded mode), are not wrapped and pay
 * nothing: the first fences.run switches on Node's promise hooks for the whole process, so that
 * every promise of every request would pay for a fence that cannot refuse.
 */
export function runFenced<T>(fence: Fence, pass: () => Promise<T>): Promise<T> {
  if (fence.unfenced) return pass();
  return fences.run(fence, pass);
}

/** The unit as given, or behind the fence of the job pass that queued it. */
function fenced<T>(work: (trx: Trx) => Promise<T>): (trx: Trx) => Promise<T> {
  const fence = fences.getStore();
  if (!fence) return work;
  return async (trx) => {
    await fence.fence(trx);
    return work(trx);
  };
}

interface Pending<T> {
  work: (trx: Trx) => Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * A batch's outcomes; `shared`, the transaction whose afterCommit callbacks are due (none when
 * each unit ran alone and called back already); `durable`, the flush to wait for before
 * answering (null: durable already).
 */
interface Committed {
  outcomes: Outcome[];
  shared?: Trx | undefined;
  durable: Promise<void> | null;
}

/** Most units one commit carries; a burst larger than this is committed in several. */
const MAX_BATCH = 2_000;
/** From this many waiting units, with no flush to overlap with, a batch takes half (drainQueue). */
const SPLIT_AT = 64;

/** Thrown inside a batch to roll it back when a unit failed after writing. */
class DirtyFailure extends Error {}

/**
 * Runs units of work, each atomic as far as its caller can tell, and answers each only once its
 * changes are durable.
 *
 * On SQLite every commit is a flush of the log (wal-sync.ts), and that bounds the write rate.
 * So the units that arrive together share one BEGIN IMMEDIATE ... COMMIT, and every caller gets its own
 * result after the COMMIT. A unit that fails before writing anything (the rule for units: check,
 * then write; the ledger works this way) simply fails alone. A unit that fails after writing rolls
 * the whole batch back, and then every unit of that batch runs again in a transaction of its own,
 * so even then one caller's failure fails no other. (A savepoint per unit would give the same
 * isolation, but costs a copy of every page the unit touches: most of a transfer's time.)
 *
 * On PostgreSQL each unit is an ordinary transaction: the server groups concurrent commits itself.
 */
export class GroupCommitter {
  private queue: Pending<unknown>[] = [];
  /** Callbacks waiting for the commit of the transaction they were registered in. */
  private readonly committed = new WeakMap<Trx, (() => void)[]>();
  private draining = false;
  /** PostgreSQL: units of runInOrder waiting for the ordered batch now committing to finish. */
  private orderedQueue: Pending<unknown>[] = [];
  private orderedDraining = false;
  /** Told of each commit with how many units it held (the metrics' batch sizes). */
  private committedUnits: ((units: number) => void) | null = null;
  /** SQLite: batches committed whose log flush has not finished yet. */
  private flushing = 0;
  constructor(private readonly handle: DatabaseHandle) {}

  /** Calls `observer` after every commit with the number of units it committed together. */
  observeCommits(observer: (units: number) => void): void {
    this.committedUnits = observer;
  }

  /**
   * Like run, and committed in the order of the calls: for writes that must land in the order
   * something else decided (the matching engine's settlements). On SQLite every unit commits in
   * queue order anyway. On PostgreSQL these units run one after another, not concurrently, and
   * those that queue while a commit is under way share the next transaction, in order (as every
   * unit does on SQLite): one settlement per commit bounded the spot market to one commit's
   * latency per match (about 160 orders/s on this machine's PostgreSQL).
   */
  runInOrder<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    if (this.handle.dialect !== 'postgres') return this.run(work);
    const unit = fenced(work);
    return new Promise<T>((resolve, reject) => {
      this.orderedQueue.push({ work: unit, resolve, reject } as Pending<unknown>);
      if (!this.orderedDraining) {
        this.orderedDraining = true;
        setImmediate(() => void this.drainOrdered());
      }
    });
  }

  private async drainOrdered(): Promise<void> {
    await this.drainQueue(
      this.orderedQueue,
      (batch) => this.inOnePgTransaction(batch),
      () => (this.orderedDraining = false),
    );
  }

  /**
   * PostgreSQL: the units of a batch in one transaction, in order (a deadlock or serialisation
   * failure runs the whole batch again). Whether a failing unit wrote anything is not known here,
   * and a failed statement spoils the transaction on PostgreSQL, so any unit's failure rolls the
   * batch back and each unit runs again alone (DirtyFailure). A savepoint per unit would isolate
   * it too, but the ledger keeps per-transaction notes (the accounts a transaction opened) that a
   * rollback to a savepoint would leave wrong.
   */
  private async inOnePgTransaction(batch: Pending<unknown>[]): Promise<Committed> {
    if (batch.length === 1) return { outcomes: await this.oneByOne(batch), durable: null };
    let outcomes: Outcome[] = [];
    let committed: Trx | undefined;
    await inTransaction(this.handle.db, async (trx) => {
      outcomes = [];
      for (const unit of batch) {
        try {
          outcomes.push({ ok: true, value: await unit.work(trx) });
        } catch (error) {
          if (isRetryable(error)) throw error;
          throw new DirtyFailure();
        }
      }
      committed = trx;
    });
    // Durable once COMMIT has answered (PostgreSQL flushes its own log).
    return { outcomes, shared: committed, durable: null };
  }

  /**
   * Runs `callback` once the unit running in `trx` has committed (for instance to push events
   * about what it changed); never when that unit fails or its transaction rolls back. Only units
   * run by this committer call back.
   */
  afterCommit(trx: Trx, callback: () => void): void {
    const callbacks = this.committed.get(trx);
    if (callbacks) callbacks.push(callback);
    else this.committed.set(trx, [callback]);
  }

  private flush(trx: Trx): void {
    const callbacks = this.committed.get(trx) ?? [];
    this.committed.delete(trx);
    for (const callback of callbacks) {
      try {
        callback();
      } catch {
        // A notification must not fail a committed unit.
      }
    }
  }

  run<T>(given: (trx: Trx) => Promise<T>): Promise<T> {
    const work = fenced(given);
    if (this.handle.dialect === 'postgres') {
      // Each retry of inTransaction is a new transaction: only the one that committed calls back.
      let last: Trx | undefined;
      return inTransaction(this.handle.db, async (trx) => {
        const value = await work(trx);
        last = trx;
        return value;
      }).then((value) => {
        this.committedUnits?.(1);
        if (last) this.flush(last);
        return value;
      });
    }
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve, reject } as Pending<unknown>);
      if (!this.draining) {
        this.draining = true;
        // Let every caller of this turn of the event loop join the batch.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    await this.drainQueue(
      this.queue,
      (batch) => this.together(batch),
      () => (this.draining = false),
    );
  }

  /**
   * Commits a queue's units in batches through `together`, answering each unit with its own
   * outcome once its commit is durable; a batch a unit dirtied (DirtyFailure) runs again one unit
   * at a time. `drained` runs in the same turn as the check that found the queue empty: a unit
   * queued a moment later must see the queue idle and start a drain of its own, or it would wait
   * forever.
   *
   * On SQLite the next batch does not wait for the last one's log flush (DeferredFlush): it runs
   * while the disk works, and each batch's callers are answered when its own flush is done
   * (flushes finish in commit order). When nothing is being flushed and many units wait, only
   * half of them go into the batch: the other half runs while that batch is flushed, and from then
   * on the callers' batches alternate between the processor and the disk instead of every caller
   * waiting on one flush with the processor idle.
   */
  private async drainQueue(
    queue: Pending<unknown>[],
    together: (batch: Pending<unknown>[]) => Promise<Committed>,
    drained: () => void,
  ): Promise<void> {
    while (queue.length > 0) {
      const size =
        this.handle.dialect === 'sqlite' && this.flushing === 0 && queue.length >= SPLIT_AT
          ? Math.ceil(queue.length / 2)
          : Math.min(queue.length, MAX_BATCH);
      const batch = queue.splice(0, size);
      let committed: Committed;
      try {
        committed = await together(batch);
      } catch (error) {
        if (error instanceof DirtyFailure) {
          committed = { outcomes: await this.oneByOne(batch), durable: null };
        } else {
          // The commit itself failed: nothing of this batch is durable.
          for (const unit of batch) unit.reject(error);
          continue;
        }
      }
      if (committed.durable) {
        this.flushing += 1;
        void committed.durable.then(
          () => {
            this.flushing -= 1;
            this.answer(batch, committed);
          },
          (error: unknown) => {
            // The log could not be made durable: no caller of this batch may hear it committed.
            this.flushing -= 1;
            for (const unit of batch) unit.reject(error);
          },
        );
      } else this.answer(batch, committed);
    }
    drained();
  }

  /** Tells each unit of a committed (and durable) batch its outcome, after its callbacks. */
  private answer(batch: Pending<unknown>[], { outcomes, shared }: Committed): void {
    // Units that ran alone (oneByOne) were counted and called back as each committed.
    if (shared) {
      this.committedUnits?.(outcomes.length);
      this.flush(shared);
    }
    batch.forEach((unit, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) unit.resolve(outcome.value);
      else unit.reject(outcome.error);
    });
  }

  /**
   * A batch in one transaction; answers after COMMIT with the flush that makes it durable
   * (SQLite), which the caller waits for before telling anyone.
   */
  private async together(batch: Pending<unknown>[]): Promise<Committed> {
    const outcomes: Outcome[] = [];
    let shared: Trx | undefined;
    let durable: Promise<void> | null = null;
    await this.handle.db.transaction().execute(async (trx) => {
      shared = trx;
      this.handle.deferredFlush.take((flushed) => (durable = flushed));
      for (const unit of batch) {
        const before = this.handle.writeCount.writes;
        const callbacks = this.committed.get(trx)?.length ?? 0;
        try {
          outcomes.push({ ok: true, value: await unit.work(trx) });
        } catch (error) {
          if (this.handle.writeCount.writes !== before) throw new DirtyFailure();
          // A unit that failed cleanly committed nothing: forget what it asked to be called for.
          this.committed.get(trx)?.splice(callbacks);
          outcomes.push({ ok: false, error });
        }
      }
    });
    return { outcomes, shared, durable };
  }

  private async oneByOne(batch: Pending<unknown>[]): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    for (const unit of batch) {
      let own: Trx | undefined;
      try {
        const value = await inTransaction(this.handle.db, (trx) => {
          own = trx;
          return unit.work(trx);
        });
        outcomes.push({ ok: true, value });
        this.committedUnits?.(1);
        if (own) this.flush(own);
      } catch (error) {
        outcomes.push({ ok: false, error });
      }
    }
    return outcomes;
  }
}
