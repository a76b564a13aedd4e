import { parseMoney, QUOTE_CURRENCY } from '@tidemark/contract';
import type { AppContext } from '../../http/context';
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
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;

  constructor(private readonly app: AppContext) {}

  start(): void {
    if (this.timer) return;
    void this.pass();
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
      await closeTradingDays(this.app);
      await releaseDue(this.app);
    } catch (error) {
      this.app.log.error({ err: error }, 'rebate pass failed');
    }
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
