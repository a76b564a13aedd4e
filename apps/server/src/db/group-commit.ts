import { inTransaction, type DatabaseHandle, type Trx } from './database';

interface Pending<T> {
  work: (trx: Trx) => Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Most units one commit carries; a burst larger than this is committed in several. */
const MAX_BATCH = 2_000;

/** Thrown inside a batch to roll it back when a unit failed after writing. */
class DirtyFailure extends Error {}

/**
 * Runs units of work, each atomic as far as its caller can tell, and answers each only once its
 * changes are durable.
 *
 * On SQLite (synchronous=FULL) every commit is an fsync, and that bounds the write rate. So the
 * units that arrive together share one BEGIN IMMEDIATE ... COMMIT, and every caller gets its own
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
  private draining = false;
  /** The last unit queued by runInOrder on PostgreSQL; the next one starts after it settles. */
  private ordered: Promise<unknown> = Promise.resolve();
  constructor(private readonly handle: DatabaseHandle) {}

  /**
   * Like run, and committed in the order of the calls: for writes that must land in the order
   * something else decided (the matching engine's settlements). On SQLite every unit commits in
   * queue order anyway; on PostgreSQL these units run one after another instead of concurrently.
   */
  runInOrder<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    if (this.handle.dialect !== 'postgres') return this.run(work);
    const next = this.ordered.then(() => this.run(work));
    this.ordered = next.catch(() => undefined);
    return next;
  }

  run<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    if (this.handle.dialect === 'postgres') return inTransaction(this.handle.db, work);
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
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      let outcomes: Outcome[];
      try {
        outcomes = await this.together(batch);
      } catch (error) {
        if (error instanceof DirtyFailure) {
          outcomes = await this.oneByOne(batch);
        } else {
          // The commit itself failed: nothing of this batch is durable.
          for (const unit of batch) unit.reject(error);
          continue;
        }
      }
      batch.forEach((unit, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) unit.resolve(outcome.value);
        else unit.reject(outcome.error);
      });
    }
    this.draining = false;
  }

  private async together(batch: Pending<unknown>[]): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    await this.handle.db.transaction().execute(async (trx) => {
      for (const unit of batch) {
        const before = this.handle.writeCount.writes;
        try {
          outcomes.push({ ok: true, value: await unit.work(trx) });
        } catch (error) {
          if (this.handle.writeCount.writes !== before) throw new DirtyFailure();
          outcomes.push({ ok: false, error });
        }
      }
    });
    return outcomes;
  }

  private async oneByOne(batch: Pending<unknown>[]): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    for (const unit of batch) {
      try {
        outcomes.push({ ok: true, value: await this.handle.db.transaction().execute(unit.work) });
      } catch (error) {
        outcomes.push({ ok: false, error });
      }
    }
    return outcomes;
  }
}
