import {
  formatMoney,
  leverageCalls as c,
  leverageConsoleCalls as lc,
  parseMoney,
} from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';
import { consoleCall, consoleLogin, initialAdmin } from '../console/console.test-support';
import {
  expectLedgerBalanced,
  firstTickPast,
  lastPrice,
  leverageFeedEnv,
  leverageTrader,
  refused,
  waitClosed,
} from './leverage.test-kit';

let server: TestServer;
beforeAll(async () => {
  // A demo insurance fund of 5 USDT: the first profits it cannot pay.
  server = await startServer({
    rateLimits: ROOMY_LIMITS,
    env: leverageFeedEnv({ LEVERAGE_FUND_FUNDING_DEMO: '5' }),
  });
});
afterAll(() => server.close());

const m = parseMoney;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('profits are paid only from the insurance fund', () => {
  it('refuses a close whose profit the fund cannot pay, and takes profit once the operator funds it', async () => {
    const trader = await leverageTrader(server, '1000');
    const entry = lastPrice(server, 'BTC/USDT');
    // 5 lots at 2x: 1,000 USDT of BTC; BTC rises 5 USDT a second.
    const p = (
      await server.call(
        c.insert,
        {
          symbol: 'BTC/USDT',
          direction: 'long',
          lots: 5,
          multiple: 2,
          takeProfit: formatMoney(entry + m('2000')),
        },
        { token: trader.token },
      )
    ).data;
    // 200 s on: BTC 1,000 higher, about 10 USDT of profit.
    server.clock.advance(200_000);
    await pause(300);
    refused(
      await server.call(c.close, { positionId: p.id }, { token: trader.token }),
      'leverageFundCover',
      'The insurance fund cannot pay this profit at the moment, please try again later',
    );
    // The take-profit is crossed too: the job leaves it open while the fund is short.
    server.clock.advance(300_000);
    await pause(500);
    const still = await server.call(
      c.findContractOrderResult,
      { positionId: p.id },
      { token: trader.token },
    );
    expect(still.data.status).toBe('open');

    const admin = await consoleLogin(server, initialAdmin(server));
    const exposure = await consoleCall(server, lc.leverageExposure, {}, { token: admin });
    const demo = exposure.data.books.find((b) => b.book === 'demo')!;
    expect(m(demo.headroom)).toBeLessThan(0n);
    const funded = await consoleCall(
      server,
      lc.fundInsurance,
      { book: 'demo', amount: '100000' },
      { token: admin },
    );
    expect(funded.status).toBe(1);
    const r = await waitClosed(server, trader.token, p.id);
    expect(r.closedBy).toBe('takeProfit');
    // At the first tick past the take-profit, not at the tick when the fund could pay.
    const first = await firstTickPast(server, 'BTC/USDT', p.entry.feedSeq, m(r.takeProfit!), true);
    expect(r.exit!.feedSeq).toBe(Number(first.seq));
    expect(m(r.pnl!)).toBeGreaterThan(m('5'));
    await expectLedgerBalanced(server);
  });
});
