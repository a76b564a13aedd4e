import { optionsCalls as c } from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';
import {
  contractBalance,
  expectRecordChainIntact,
  optionTrader,
  periodId,
  scriptedFeedEnv,
  waitFor,
} from './options.test-kit';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ rateLimits: ROOMY_LIMITS, env: scriptedFeedEnv() });
});
afterAll(() => server.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function settlementsOf(orderId: number) {
  const [records, transfers] = await Promise.all([
    server.app.db
      .selectFrom('option_records')
      .select('seq')
      .where('order_id', '=', BigInt(orderId))
      .execute(),
    server.app.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('reference', '=', `option:${orderId}:settle`)
      .execute(),
  ]);
  return { records: records.length, transfers: transfers.length };
}

describe('a restart', () => {
  it('settles orders that expired while the server was down exactly once, from the stored ticks', async () => {
    const trader = await optionTrader(server);
    const minute = await periodId(server, 'BTC/USDT', 60);
    const place = async () =>
      (
        await server.call(
          c.insertCurrencyOrder,
          { symbol: 'BTC/USDT', direction: 'long', amount: '100', periodId: minute },
          { token: trader.token },
        )
      ).data;
    // Expires 60 s after placing; the feed logs a tick 1 s before expiry, then the server stops.
    const settled = await place();
    // Expires with the last logged tick 10 s before it: beyond the tolerance, so it fails.
    server.clock.advance(9_000);
    await pause(200);
    const failed = await place();
    server.clock.advance(50_000);
    await pause(300);
    expect(
      (
        await server.call(
          c.findCurrencyOrderResult,
          { orderId: settled.id },
          { token: trader.token },
        )
      ).data.status,
    ).toBe('running');
    const lastTick = await server.app.db
      .selectFrom('tick_log')
      .select((eb) => eb.fn.max('time').as('t'))
      .executeTakeFirstOrThrow();
    expect(settled.settleTime - Number(lastTick.t)).toBeLessThan(3000);

    // Down across both expiries.
    // Down across both expiries: the old server stopped 1 s before the first, so only the new one
    // can have settled them.
    server = await server.restart(() => server.clock.advance(20_000));

    const a = await waitFor(server, trader.token, settled.id);
    expect(a.status).toBe('settled');
    expect(a.outcome).toBe('win');
    expect(a.settle!.time).toBeLessThanOrEqual(a.settleTime);
    const b = await waitFor(server, trader.token, failed.id);
    expect(b).toMatchObject({
      status: 'failed',
      outcome: 'failed',
      payout: '100.00000000',
      settle: null,
    });

    // Another restart and a few passes change nothing.
    server = await server.restart();
    await pause(600);
    expect(await settlementsOf(settled.id)).toEqual({ records: 1, transfers: 1 });
    expect(await settlementsOf(failed.id)).toEqual({ records: 1, transfers: 1 });
    expect(await contractBalance(server, trader.token)).toBe('1080.00000000');
    await expectRecordChainIntact(server);
  });
});
