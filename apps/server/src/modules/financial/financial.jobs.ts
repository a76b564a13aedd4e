import type { AppContext } from '../../http/context';
import type { Lease } from '../../cluster/lease';
import { JobLoop } from '../../lib/job-loop';
import * as repo from './financial.repository';
import { payDue } from './financial.service';

/** How often the job looks for due orders. */
const PASS_MS = 500;
/** Orders read per query; a larger backlog is worked through query after query. */
const CHUNK = 500;

/**
 * The daily dividend job on the app's clock: every open order whose next run has come is paid
 * what is due (each day's interest, then the principal), one database transaction per order.
 * After a restart the first pass pays every run missed while the server was down, each once.
 */
export class FinancialJobs {
  private readonly loop: JobLoop;

  constructor(private readonly app: AppContext) {
    this.loop = new JobLoop(app.log, PASS_MS, 'financial dividend pass failed', () => this.work());
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
    for (;;) {
      const rows = await repo.due(this.app.db, now, CHUNK);
      let moved = 0;
      for (const row of rows) {
        try {
          const paid = await this.app.writer.run((trx) => payDue(this.app, trx, row.id, now));
          if (paid.days > 0 || paid.matured) moved += 1;
        } catch (error) {
          this.app.log.error({ err: error, order: Number(row.id) }, 'financial dividend failed');
        }
      }
      if (rows.length < CHUNK || moved === 0) return;
    }
  }
}
