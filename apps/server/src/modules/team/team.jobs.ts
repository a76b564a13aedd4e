import { parseMoney, QUOTE_CURRENCY } from '@tidemark/contract';
import type { AppContext } from '../../http/context';
import type { Lease } from '../../cluster/lease';
import { JobLoop } from '../../lib/job-loop';
import { fundOnce } from '../../ledger/funding';
import { closeTradingDays, releaseDue } from './team.service';

/** How often the job looks for days to close and rebates to release. */
const PASS_MS = 15_000;

/**
 * The team's jobs on the app's clock: close the days that ended (a friend's positive net profit
 * becomes pending rebates) and release what is due inside its window. The first pass runs at
 * start, so whatever fell due while the server was down goes at once if a window is open, else at
 * the next window; the state guard and the ledger key make each release happen once.
 */
export class TeamJobs {
  private readonly loop: JobLoop;

  constructor(private readonly app: AppContext) {
    this.loop = new JobLoop(app.log, PASS_MS, 'rebate pass failed', () => this.work());
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
    await closeTradingDays(this.app);
    await releaseDue(this.app);
  }
}

const FUNDING_KEY = 'rebate-budget-initial';

/** The rebate budget's first funding from the real treasury (TEAM_BUDGET_FUNDING USDT), once. */
export async function seedTeam(app: AppContext): Promise<void> {
  await fundOnce(app, {
    book: 'real',
    wallet: 'rebate_budget',
    currency: QUOTE_CURRENCY,
    amount: parseMoney(app.config.team.budgetFunding),
    key: FUNDING_KEY,
    reference: 'rebate-budget:initial',
  });
}
