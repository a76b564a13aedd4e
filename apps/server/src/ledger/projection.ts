import { sql } from 'kysely';
import { inTransaction, type DatabaseHandle } from '../db/database';

/** How often the journal's tail is indexed by account while the server runs. */
export const PROJECTION_INTERVAL_MS = 250;

/**
 * Builds the per-account index of the ledger's journal (ledger_entries_by_account) from the
 * journal in bulk, on SQLite: every entry with an id above ledger_projection.entries_up_to, sorted
 * by account, in one statement, and the mark moved up in the same transaction. Posting appends to
 * the journal only; a reader of an account's entries takes the index and the journal's tail above
 * the mark (ledger/queries.ts), so it is exact whether or not the projection has run, and a crash
 * at any point loses nothing: the index is derived, and rebuilt from the mark at the next start.
 *
 * Entry ids on SQLite are given in commit order by the one writer (ledger.ts), so every entry
 * committed after a projection has an id above its mark. On PostgreSQL concurrent posts commit out
 * of id order, so no mark could be trusted: there the journal's primary key (account_id, id) is
 * the index, the mark stays at 0 and this does nothing.
 */
export class LedgerProjection {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly handle: DatabaseHandle,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** Indexes every entry above the mark; answers how many. */
  project(): Promise<number> {
    if (this.handle.dialect !== 'sqlite') return Promise.resolve(0);
    // One at a time: a second call waits for the running one and then runs (so it sees every
    // entry committed before it was called).
    const previous = this.running ?? Promise.resolve(0);
    const next = previous.catch(() => 0).then(() => this.projectOnce());
    this.running = next;
    void next
      .finally(() => {
        if (this.running === next) this.running = null;
      })
      .catch(() => undefined);
    return next;
  }

  private projectOnce(): Promise<number> {
    return inTransaction(this.handle.db, async (trx) => {
      const mark = await sql<{ up_to: bigint; last: bigint | null }>`
        SELECT (SELECT entries_up_to FROM ledger_projection WHERE id = 1) AS up_to,
               (SELECT MAX(id) FROM ledger_entries) AS last`.execute(trx);
      const upTo = BigInt(mark.rows[0]!.up_to);
      const last = BigInt(mark.rows[0]!.last ?? 0n);
      if (last <= upTo) return 0;
      const inserted = await sql`
        INSERT INTO ledger_entries_by_account (account_id, entry_id)
        SELECT account_id, id FROM ledger_entries WHERE id > ${upTo} AND id <= ${last}
        ORDER BY account_id, id`.execute(trx);
      await sql`UPDATE ledger_projection SET entries_up_to = ${last} WHERE id = 1`.execute(trx);
      return Number(inserted.numAffectedRows ?? 0n);
    });
  }

  /** Projects every PROJECTION_INTERVAL_MS until stop(). */
  start(intervalMs: number = PROJECTION_INTERVAL_MS): void {
    if (this.timer || this.handle.dialect !== 'sqlite') return;
    this.timer = setInterval(() => {
      if (!this.running) this.project().catch(this.onError);
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops the clock and waits for a projection in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }
}
