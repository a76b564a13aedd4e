import {
  leverageCalls as c,
  ORDER_TAB,
  parseMoney,
  type Envelope,
  type LeveragePosition,
} from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';
import { sourcesJson } from '../../market/tick-log';
import { clockTo, feedStart, scriptedFeedStart, WATCH_LINE } from '../../test/scripted';
import {
  contractWallet,
  expectLedgerBalanced,
  firstTickPast,
  leverageTrader,
  refused,
  waitClosed,
  type LeverageTrader,
} from './leverage.test-kit';

/**
 * Leverage in a blind market (issue 17): BTC rises 5 USDT a second from 95,000 and is blind from
 * second 30 to 60 after the feed's start; SOL is the test's watch on that start.
 */
const BLIND: [number, number] = [30, 60];

let server: TestServer;
let anchor: number;
beforeAll(async () => {
  server = await startServer({
    rateLimits: ROOMY_LIMITS,
    env: scriptedFeedStart('leverage-blind', {
      'BTC/USDT': { from: '95000', perSecond: '5', blind: [BLIND] },
      'ETH/USDT': { from: '3400', perSecond: '0' },
      'SOL/USDT': WATCH_LINE,
    }),
  });
  anchor = await feedStart(server, 'SOL/USDT');
});
afterAll(() => server.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const at = (second: number) => anchor + second * 1000;
/** BTC's scripted price at a second after the start. */
const btcAt = (second: number) => `${95000 + 5 * second}`;

function open(
  trader: LeverageTrader,
  input: Partial<{
    symbol: string;
    direction: string;
    takeProfit: string;
    stopLoss: string;
  }> = {},
  headers?: Record<string, string>,
): Promise<Envelope<LeveragePosition>> {
  return server.call(
    c.insert,
    { symbol: 'BTC/USDT', direction: 'long', lots: 1, multiple: 2, ...input } as never,
    { token: trader.token, headers },
  ) as Promise<Envelope<LeveragePosition>>;
}

async function result(trader: LeverageTrader, positionId: number) {
  return (await server.call(c.findContractOrderResult, { positionId }, { token: trader.token }))
    .data;
}

describe('a blind coin', () => {
  it('opens and closes nothing; triggers wait for the next valid tick and close on the first stored one past them', async () => {
    const trader = await leverageTrader(server);
    await clockTo(server, at(5));
    // Take-profit and stop-loss both at the price BTC would reach at second 45, inside the window.
    const trigger = btcAt(45);
    const long = await open(trader, { takeProfit: trigger });
    const short = await open(trader, { direction: 'short', stopLoss: trigger });
    const plain = await open(trader);
    const keyed = { 'Idempotency-Key': `blind-open-${trader.userId}` };
    const opened = await open(trader, {}, keyed);
    for (const p of [long, short, plain, opened]) expect(p.status).toBe(1);

    await clockTo(server, at(BLIND[0] + 1));
    expect(server.app.market.status('BTC/USDT')!.status).toBe('suspended');
    const wallet = await contractWallet(server, trader.token);
    const suspended = (answer: Envelope<unknown>) => {
      refused(answer, 'marketSuspended');
      expect(answer.enMsg).toMatch(/^BTC\/USDT is suspended: /);
    };
    suspended(await open(trader));
    suspended(await open(trader, { direction: 'short' }));
    suspended(await server.call(c.close, { positionId: plain.data.id }, { token: trader.token }));
    // A retry of an open answered before the window (its answer lost on the way) gets that answer,
    // as every keyed retry does, not the refusal; nothing opens twice.
    const retried = await open(trader, {}, keyed);
    expect(retried.status).toBe(1);
    expect(retried.data.id).toBe(opened.data.id);
    // The same key for another input is still refused as a conflict.
    refused(await open(trader, { direction: 'short' }, keyed), 'idempotencyConflict');
    expect(await contractWallet(server, trader.token)).toEqual(wallet);
    // Another coin opens as ever.
    const eth = await open(trader, { symbol: 'ETH/USDT' });
    expect(eth.status).toBe(1);

    // Past the trigger's time, still blind: nothing is logged, nothing closes.
    await clockTo(server, at(50));
    await pause(500);
    for (const p of [long, short, plain])
      expect((await result(trader, p.data.id)).status).toBe('open');
    const logged = await server.app.db
      .selectFrom('tick_log')
      .select('seq')
      .where('symbol', '=', 'BTC/USDT')
      .where('time', '>=', BigInt(at(BLIND[0])))
      .execute();
    expect(logged).toEqual([]);

    // The sources return: the first tick is past both triggers and closes both there.
    await clockTo(server, at(BLIND[1] + 1));
    expect(server.app.market.status('BTC/USDT')!.status).toBe('open');
    const won = await waitClosed(server, trader.token, long.data.id);
    const stopped = await waitClosed(server, trader.token, short.data.id);
    const first = await firstTickPast(
      server,
      'BTC/USDT',
      long.data.entry.feedSeq,
      parseMoney(trigger),
      true,
    );
    expect(won).toMatchObject({ closedBy: 'takeProfit' });
    expect(stopped).toMatchObject({ closedBy: 'stopLoss' });
    for (const p of [won, stopped]) {
      expect(p.exit!.feedSeq).toBe(Number(first.seq));
      expect(p.exit!.time).toBeGreaterThanOrEqual(at(BLIND[1]));
    }
    expect(BigInt(parseMoney(won.exitPrice!))).toBeGreaterThan(parseMoney(trigger));

    // And the trader closes again at a live price.
    const closed = await server.call(
      c.close,
      { positionId: plain.data.id },
      { token: trader.token },
    );
    expect(closed.status).toBe(1);
    expect(closed.data).toMatchObject({ status: 'closed', closedBy: 'user' });
    expect(closed.data.exit!.time).toBeGreaterThanOrEqual(at(BLIND[1]));
    await expectLedgerBalanced(server);
  });

  it('shows a live tick’s sources beside the exit price it closed at', async () => {
    const trader = await leverageTrader(server);
    const opened = await open(trader, { symbol: 'ETH/USDT', takeProfit: '3401' });
    expect(opened.status).toBe(1);
    expect(opened.data.entry).not.toHaveProperty('sources');
    // As the live feed logs a tick (the scripted feed names no sources): the median of two.
    const time = server.clock.now();
    const sources = [
      { name: 'binance', price: parseMoney('3402'), time: time - 30 },
      { name: 'coinbase', price: parseMoney('3402.2'), time: time - 10 },
    ];
    await server.app.db
      .insertInto('tick_log')
      .values({
        seq: 9_000_000_000n,
        symbol: 'ETH/USDT',
        time: BigInt(time),
        price: parseMoney('3402.1'),
        sources: sourcesJson(sources),
      })
      .execute();
    const closed = await waitClosed(server, trader.token, opened.data.id);
    const shown = [
      { name: 'binance', price: '3402.00000000', time: time - 30 },
      { name: 'coinbase', price: '3402.20000000', time: time - 10 },
    ];
    expect(closed).toMatchObject({
      closedBy: 'takeProfit',
      exitPrice: '3402.10000000',
      exit: { feedSeq: 9_000_000_000, price: '3402.10000000', sources: shown },
    });
    const listed = await server.call(
      c.findUserOrderList,
      { tab: ORDER_TAB.history, page: 1, pageSize: 20 },
      { token: trader.token },
    );
    expect(listed.data.list.find((p) => p.id === opened.data.id)?.exit?.sources).toEqual(shown);
  });
});
