import { assetsCalls, type Envelope } from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';
import { clockTo, feedStart, scriptedFeedStart, until, WATCH_LINE } from '../../test/scripted';
import { spotTestKit } from './spot.test-kit';

/**
 * Spot in a blind market (issue 17): BTC is blind from second 20 to 40 after the feed's start
 * (SOL is the test's watch on that start); the market maker quotes every pair.
 */
const BLIND: [number, number] = [20, 40];

let server: TestServer;
let anchor: number;
beforeAll(async () => {
  server = await startServer({
    rateLimits: ROOMY_LIMITS,
    env: scriptedFeedStart('spot-blind', {
      'BTC/USDT': { from: '95000', perSecond: '0', blind: [BLIND] },
      'SOL/USDT': WATCH_LINE,
    }),
  });
  anchor = await feedStart(server, 'SOL/USDT');
});
afterAll(() => server.close());

const kit = spotTestKit(() => server, 'spot-blind');
const at = (second: number) => anchor + second * 1000;

async function coins(token: string) {
  const money = await server.call(assetsCalls.findUserMoney, {}, { token });
  return money.data.wallets.coin;
}

function suspendedAnswer(answer: Envelope<unknown>) {
  expect(answer.status).not.toBe(1);
  expect((answer as { code?: string }).code).toBe('marketSuspended');
  expect(answer.enMsg).toMatch(/^BTC\/USDT is suspended: /);
  expect(answer.cnMsg).not.toBe(answer.enMsg);
  expect(answer.data).toBeNull();
}

describe('a blind coin', () => {
  it('loses the market maker’s quotes and takes no market order; limit orders rest; it quotes again when the sources return', async () => {
    const { token } = await server.register();
    // The demo book (the trader's) and the real one (a visitor's) are both quoted at first.
    await until(async () => (await kit.book('BTC/USDT', 50, token)).asks.length > 0);
    await until(async () => (await kit.book('BTC/USDT', 50)).bids.length > 0);
    const boughtKey = kit.key();
    const bought = await kit.buy(token, { symbol: 'BTC/USDT', type: 2, amount: '1000' }, boughtKey);
    expect(bought.status).toBe(1);

    await clockTo(server, at(BLIND[0] + 1));
    expect(server.app.market.status('BTC/USDT')!.status).toBe('suspended');
    await until(async () => {
      const [demo, real] = [await kit.book('BTC/USDT', 50, token), await kit.book('BTC/USDT')];
      return [demo, real].every((b) => b.asks.length === 0 && b.bids.length === 0);
    });
    // Another pair is quoted as ever.
    expect((await kit.book('ETH/USDT', 50, token)).asks.length).toBeGreaterThan(0);

    const before = await coins(token);
    suspendedAnswer(await kit.buy(token, { symbol: 'BTC/USDT', type: 2, amount: '100' }));
    suspendedAnswer(await kit.buy(token, { symbol: 'BTC/USDT', type: 2, quantity: '0.001' }));
    suspendedAnswer(await kit.sell(token, { symbol: 'BTC/USDT', type: 2, quantity: '0.001' }));
    // A retry of the market order placed before the window (its answer lost on the way) answers
    // that order as it stands, as every keyed retry does, not the refusal; nothing trades again.
    const retried = await kit.buy(
      token,
      { symbol: 'BTC/USDT', type: 2, amount: '1000' },
      boughtKey,
    );
    expect(retried.status).toBe(1);
    expect(retried.data).toEqual(bought.data);
    expect(await coins(token)).toEqual(before);
    // A limit order rests in the book (traders may still meet each other there).
    const resting = await kit.buy(token, {
      symbol: 'BTC/USDT',
      type: 1,
      price: '90000',
      quantity: '0.001',
    });
    expect(resting.status).toBe(1);
    expect((await kit.book('BTC/USDT', 50, token)).bids).toEqual([
      ['90000.00000000', '0.00100000'],
    ]);

    await clockTo(server, at(BLIND[1] + 1));
    expect(server.app.market.status('BTC/USDT')!.status).toBe('open');
    await until(async () => (await kit.book('BTC/USDT', 50, token)).asks.length > 0);
    await until(async () => (await kit.book('BTC/USDT')).asks.length > 0);
    const again = await kit.buy(token, { symbol: 'BTC/USDT', type: 2, amount: '100' });
    expect(again.status).toBe(1);
  });
});
