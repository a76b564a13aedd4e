import { leverageCalls as c, parseMoney, formatMoney } from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';
import {
  expectLedgerBalanced,
  firstTickPast,
  lastPrice,
  leverageFeedEnv,
  leverageTrader,
  waitClosed,
} from './leverage.test-kit';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ rateLimits: ROOMY_LIMITS, env: leverageFeedEnv() });
});
afterAll(() => server.close());

const m = parseMoney;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a restart', () => {
  it('closes positions whose triggers were crossed while the server was down at the first stored tick past them, once', async () => {
    const trader = await leverageTrader(server, '5000');
    // Ten minutes on: SOL is 3,000 lower, BTC 3,000 higher. The scripted feed starts again from
    // its first prices after a restart, so the first ticks after it are far past these triggers.
    server.clock.advance(600_000);
    await pause(200);
    const sol = lastPrice(server, 'SOL/USDT');
    const btc = lastPrice(server, 'BTC/USDT');
    const open = async (input: Record<string, string | number>) => {
      const answer = await server.call(c.insert, input as never, { token: trader.token });
      expect(answer.status).toBe(1);
      return answer.data;
    };
    const tp = await open({
      symbol: 'SOL/USDT',
      direction: 'long',
      lots: 1,
      multiple: 2,
      takeProfit: formatMoney(sol + m('100')),
    });
    const sl = await open({
      symbol: 'SOL/USDT',
      direction: 'short',
      lots: 1,
      multiple: 2,
      stopLoss: formatMoney(sol + m('100')),
    });
    const btcSl = await open({
      symbol: 'BTC/USDT',
      direction: 'long',
      lots: 1,
      multiple: 1,
      stopLoss: formatMoney(btc - m('100')),
    });
    const untouched = await open({ symbol: 'ETH/USDT', direction: 'long', lots: 1, multiple: 1 });

    server = await server.restart(() => server.clock.advance(1_000));

    const expected = new Map([
      [tp.id, 'takeProfit'],
      [sl.id, 'stopLoss'],
      [btcSl.id, 'stopLoss'],
    ]);
    for (const p of [tp, sl, btcSl]) {
      const r = await waitClosed(server, trader.token, p.id);
      expect(r.closedBy).toBe(expected.get(p.id));
      const trigger = m((r.takeProfit ?? r.stopLoss)!);
      const rising = (p.direction === 'long') === (r.closedBy === 'takeProfit');
      const first = await firstTickPast(server, p.symbol, p.entry.feedSeq, trigger, rising);
      expect(r.exit!.feedSeq).toBe(Number(first.seq));
      expect(r.exitPrice).toBe(formatMoney(BigInt(first.price)));
    }
    const eth = await server.call(
      c.findContractOrderResult,
      { positionId: untouched.id },
      { token: trader.token },
    );
    expect(eth.data.status).toBe('open');

    // Another restart and a few passes change nothing.
    server = await server.restart();
    await pause(500);
    for (const p of [tp, sl, btcSl]) {
      const closes = await server.app.db
        .selectFrom('ledger_transactions')
        .select('id')
        .where('reference', '=', `leverage:${p.id}:close`)
        .execute();
      expect(closes).toHaveLength(1);
    }
    await expectLedgerBalanced(server);
  });
});
