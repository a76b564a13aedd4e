import { formatMoney, leverageCalls as c, parseMoney } from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';
import { lastPrice, leverageFeedEnv, leverageTrader } from './leverage.test-kit';

/**
 * A take-profit moved where the trigger index has not heard of it yet (in scale-out, a change made
 * through another process reaches the index's holder a moment later): a tick past the old level
 * does not close the position; the index takes the new level and closes it there. SQLite and
 * (with DATABASE_URL) PostgreSQL.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ rateLimits: ROOMY_LIMITS, env: leverageFeedEnv() });
});
afterAll(() => server.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a trigger moved before the index knows', () => {
  it('is not fired at its old level, and fires at its new one', async () => {
    const trader = await leverageTrader(server, '2100');
    const entry = lastPrice(server, 'BTC/USDT');
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
    const id = BigInt(opened.data.id);
    // The row moves on, the index is not told (as when another process changed it).
    const moved = entry + parseMoney('1000');
    await server.app.db
      .updateTable('leverage_positions')
      .set({ take_profit: moved })
      .where('id', '=', id)
      .execute();

    // BTC rises 5 USDT a second: 100 s on, the old take-profit is crossed, the new one is not.
    server.clock.advance(100_000);
    await pause(1_500);
    const kept = await server.app.db
      .selectFrom('leverage_positions')
      .select(['status', 'take_profit'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ status: 'open', take_profit: moved });

    // 200 s more: the new level is crossed, and the position closes there.
    server.clock.advance(200_000);
    for (let i = 0; i < 40; i += 1) {
      const row = await server.app.db
        .selectFrom('leverage_positions')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      if (row.status !== 'open') break;
      await pause(100);
    }
    const closed = await server.app.db
      .selectFrom('leverage_positions')
      .select(['status', 'closed_by', 'exit_price'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(closed.status).toBe('closed');
    expect(closed.closed_by).toBe('takeProfit');
    expect(closed.exit_price! >= moved).toBe(true);
  });
});
