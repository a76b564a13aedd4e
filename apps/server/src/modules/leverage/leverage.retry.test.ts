import { formatMoney, leverageCalls as c, parseMoney } from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';
import { lastPrice, leverageFeedEnv, leverageTrader } from './leverage.test-kit';

/**
 * Take-profits the insurance fund cannot pay wait, and are looked up again about once a second,
 * not on every 100 ms pass: twenty waiting positions do not cost twenty tick-log queries a pass.
 * SQLite and (with DATABASE_URL) PostgreSQL.
 */

let server: TestServer;
beforeAll(async () => {
  // No demo insurance fund at all: every profit waits.
  server = await startServer({
    rateLimits: ROOMY_LIMITS,
    env: leverageFeedEnv({ LEVERAGE_FUND_FUNDING_DEMO: '0' }),
  });
});
afterAll(() => server.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Counts the queries of the tick log the app makes from now on. */
function countTickLogReads(): { count: number } {
  const counter = { count: 0 };
  const app = server.app as { db: TestServer['app']['db'] };
  const db = app.db;
  app.db = new Proxy(db, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (key === 'selectFrom' && typeof value === 'function')
        return (from: unknown, ...rest: unknown[]) => {
          if (typeof from === 'string' && from.startsWith('tick_log')) counter.count += 1;
          return (value as (...a: unknown[]) => unknown).call(target, from, ...rest);
        };
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
  return counter;
}

describe('positions waiting for the insurance fund', () => {
  it('are looked up again about once a second, not every pass', async () => {
    const trader = await leverageTrader(server, '2100');
    const entry = lastPrice(server, 'BTC/USDT');
    for (let i = 0; i < 20; i += 1) {
      const opened = await server.call(
        c.insert,
        {
          symbol: 'BTC/USDT',
          direction: 'long',
          lots: 1,
          multiple: 2,
          takeProfit: formatMoney(entry + parseMoney('100')),
        },
        { token: trader.token },
      );
      expect(opened.status, opened.enMsg).toBe(1);
    }
    // BTC rises 5 USDT a second: 100 s on, every take-profit is crossed and none can be paid.
    server.clock.advance(100_000);
    await pause(1_500);
    const reads = countTickLogReads();
    await pause(2_000);
    const open = await server.app.db
      .selectFrom('leverage_positions')
      .select('id')
      .where('status', '=', 'open')
      .execute();
    expect(open).toHaveLength(20);
    // About 20 passes of one read each, and the 20 positions looked up about twice: well under
    // the 400 reads of looking each up on every pass.
    expect(reads.count).toBeLessThan(150);
  });
});
