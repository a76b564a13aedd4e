import {
  assetsCalls,
  formatMoney,
  leverageCalls as c,
  optionsCalls,
  parseMoney,
} from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';
import {
  contractWallet,
  expectLedgerBalanced,
  leverageFeedEnv,
  leverageTrader,
  refused,
  waitClosed,
} from './leverage.test-kit';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({
    rateLimits: ROOMY_LIMITS,
    env: leverageFeedEnv({ LEVERAGE_PROTECTION: 'false' }),
  });
});
afterAll(() => server.close());

const m = parseMoney;

describe('negative balance protection off', () => {
  it('leaves the contract wallet negative past a gap and refuses positions and options until it is covered', async () => {
    // Exactly the margin and the opening fee of two lots at 2x: nothing left to absorb a loss.
    const trader = await leverageTrader(server, '200.4');
    const p = (
      await server.call(
        c.insert,
        { symbol: 'SOL/USDT', direction: 'long', lots: 2, multiple: 2 },
        { token: trader.token },
      )
    ).data;
    expect(p.protection).toBe(false);
    expect((await contractWallet(server, trader.token)).available).toBe('0.00000000');
    const drop = (m(p.entryPrice) * 6n) / 10n / m('5');
    server.clock.advance(Number(drop) * 1000);
    const r = await waitClosed(server, trader.token, p.id);
    expect(r).toMatchObject({
      closedBy: 'liquidation',
      gapCovered: '0.00000000',
      closeFee: '0.00000000',
    });
    expect(m(r.payout!)).toBeLessThan(0n);
    const wallet = await contractWallet(server, trader.token);
    expect(wallet.available).toBe(r.payout);

    const text = 'Current account balance is negative and needs to be recharged';
    refused(
      await server.call(
        c.insert,
        { symbol: 'BTC/USDT', direction: 'long', lots: 1, multiple: 1 },
        { token: trader.token },
      ),
      'negativeBalance',
      text,
    );
    const periods = await server.call(optionsCalls.findH5ProductPeriodsPage, {
      symbol: 'BTC/USDT',
    });
    refused(
      await server.call(
        optionsCalls.insertCurrencyOrder,
        { symbol: 'BTC/USDT', direction: 'long', amount: '10', periodId: periods.data.list[0]!.id },
        { token: trader.token },
      ),
      'negativeBalance',
      text,
    );

    // A transfer covers it: positions are taken again.
    const cover = formatMoney(-m(r.payout!) + m('200'));
    const moved = await server.call(
      assetsCalls.transferUserMoney,
      { from: 'coin', to: 'contract', currency: 'USDT', amount: cover },
      { token: trader.token },
    );
    expect(moved.status).toBe(1);
    expect((await contractWallet(server, trader.token)).available).toBe('200.00000000');
    const again = await server.call(
      c.insert,
      { symbol: 'BTC/USDT', direction: 'long', lots: 1, multiple: 1 },
      { token: trader.token },
    );
    expect(again.status).toBe(1);
    await expectLedgerBalanced(server);
  });
});
