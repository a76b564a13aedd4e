import type { AppContext } from '../../http/context';
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
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;

  constructor(private readonly app: AppContext) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.pass(), PASS_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One pass; a pass still running is joined rather than doubled. */
  pass(): Promise<void> {
    this.running ??= this.work().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async work(): Promise<void> {
    try {
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
    } catch (error) {
      this.app.log.error({ err: error }, 'financial dividend pass failed');
    }
  }
}
