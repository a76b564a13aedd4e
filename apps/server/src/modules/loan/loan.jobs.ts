import { LOAN_DAY_MS, overdueDays } from '@tidemark/contract';
import type { AppContext } from '../../http/context';
import type { Lease } from '../../cluster/lease';
import { JobLoop } from '../../lib/job-loop';
import * as repo from './loan.repository';
import { accrue, evaluateScore } from './loan.service';

/** How often the job looks for loans past due. */
const PASS_MS = 1_000;
/** Loans read per pass (each brought up to date in its own transaction); the rest next pass. */
const LIMIT = 10_000;
/** Scores re-evaluated per pass (the daily re-evaluation works through the rest pass by pass). */
const SCORES_PER_PASS = 50;
/** How often stale scores are looked for. */
const SCORE_EVERY_MS = 60_000;

/**
 * Loans on the app's clock: every loan whose due time has come is marked overdue and gets one
 * penalty per overdue day begun (idempotent per loan and day: after downtime the first pass adds
 * every missed day once), and every stored score a day old is evaluated again.
 */
export class LoanJobs {
  private readonly loop: JobLoop;
  private lastScores = Number.NEGATIVE_INFINITY;

  constructor(private readonly app: AppContext) {
    this.loop = new JobLoop(app.log, PASS_MS, 'loan pass failed', () => this.work());
  }

  /** With a lease (scale-out), passes run only in the process that holds it. */
  start(lease?: Lease): void {
    this.loop.start(true, lease);
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One pass; a pass still running is joined rather than doubled. */
  pass(): Promise<void> {
    return this.loop.pass();
  }

  private async work(): Promise<void> {
    await this.accrueAll();
    const now = this.app.clock.now();
    if (now - this.lastScores >= SCORE_EVERY_MS) {
      this.lastScores = now;
      await this.rescore(now);
    }
  }

  /** Brings every loan past its due time up to now; answers how many changed. */
  async accrueAll(): Promise<number> {
    const now = this.app.clock.now();
    const rows = await repo.dueForAccrual(this.app.db, now, LIMIT);
    let changed = 0;
    for (const row of rows) {
      const behind =
        row.status === 'passed' || overdueDays(Number(row.due_at), now) > Number(row.penalty_days);
      if (!behind) continue;
      await this.app.writer.run(async (trx) => {
        const fresh = await repo.loan(trx, Number(row.id));
        if (fresh) await accrue(trx, fresh, now);
      });
      changed += 1;
    }
    return changed;
  }

  private async rescore(now: number): Promise<void> {
    const users = await repo.staleScores(this.app.db, now - LOAN_DAY_MS, SCORES_PER_PASS);
    for (const userId of users) await evaluateScore(this.app, userId, 'daily');
  }
}
