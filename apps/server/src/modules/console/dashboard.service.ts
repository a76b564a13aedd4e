import {
  formatMoney,
  mulMoney,
  QUOTE_CURRENCY,
  WITHDRAWAL_OPEN_STATES,
  type ConsoleDashboard,
} from '@tidemark/contract';
import type { AppContext } from '../../http/context';
import * as repo from './console.repository';

const DAY_MS = 86_400_000;

/** USDT value of per-currency sums at the live rates (a currency without a rate counts 0). */
function usdtOf(app: AppContext, rows: { currency: string; n: unknown; total: unknown }[]) {
  let count = 0;
  let usdt = 0n;
  for (const row of rows) {
    count += Number(row.n);
    const total = BigInt(String(row.total ?? 0));
    if (row.currency === QUOTE_CURRENCY) usdt += total;
    else {
      const rate = app.market.rateToUsdt(row.currency, 'live');
      if (rate !== undefined) usdt += mulMoney(total, rate, 'down');
    }
  }
  return { count, usdt: formatMoney(usdt) };
}

/** Queue sizes, today's (UTC) money in and out and new traders, and the number of traders. */
export async function dashboard(app: AppContext): Promise<ConsoleDashboard> {
  const now = app.clock.now();
  const dayStart = now - (now % DAY_MS);
  const [
    pendingDeposits,
    openWithdrawals,
    pendingKyc,
    credited,
    completed,
    depositRequests,
    withdrawalRequests,
    usersToday,
    usersTotal,
  ] = await Promise.all([
    repo.countWhere(app.db, 'deposits', ['pending']),
    repo.countWhere(app.db, 'withdrawals', WITHDRAWAL_OPEN_STATES),
    repo.countWhere(app.db, 'kyc_submissions', ['certifying']),
    repo.sumsByCurrency(app.db, 'deposits', {
      status: 'success',
      timeColumn: 'reviewed_at',
      since: dayStart,
    }),
    repo.sumsByCurrency(app.db, 'withdrawals', {
      status: 'completed',
      timeColumn: 'finished_at',
      since: dayStart,
    }),
    repo.countSince(app.db, 'deposits', dayStart),
    repo.countSince(app.db, 'withdrawals', dayStart),
    repo.countSince(app.db, 'users', dayStart),
    repo.countUsers(app.db),
  ]);
  return {
    pending: { deposits: pendingDeposits, withdrawals: openWithdrawals, kyc: pendingKyc },
    today: {
      deposits: usdtOf(app, credited),
      withdrawals: usdtOf(app, completed),
      depositRequests,
      withdrawalRequests,
      users: usersToday,
    },
    usersTotal,
    dayStart,
  };
}
