import { assetsCalls, spotCalls } from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';
import { exchangeOf } from './spot.service';
import { spotTestKit } from './spot.test-kit';

// Without the market maker (its quotes are not stored, it re-quotes after a restart), the books
// hold only users' orders: exactly what a restart must bring back.
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ rateLimits: ROOMY_LIMITS, env: { MM_ENABLED: 'false' } });
});
afterAll(() => server.close());

const kit = spotTestKit(() => server, 'restart');
const place = (token: string, side: 'buy' | 'sell', input: Record<string, unknown>) =>
  kit[side](token, input);

const SYMBOLS = ['BTC/USDT', 'ETH/USDT', 'DOGE/USDT'] as const;

function books(target: TestServer): Record<string, string> {
  const exchange = exchangeOf(target.app).exchange;
  const all: Record<string, string> = {};
  for (const mode of ['demo', 'real'] as const)
    for (const symbol of SYMBOLS)
      all[`${mode}|${symbol}`] = exchange.book(mode, symbol).serialize();
  return all;
}

describe('a restart', () => {
  it('rebuilds every book from the open orders, byte for byte', async () => {
    const alice = await server.register();
    const bob = await server.register();
    await kit.grant(bob.token, 'BTC', '1');
    await kit.grant(bob.token, 'DOGE', '5000');
    await place(alice.token, 'buy', {
      symbol: 'BTC/USDT',
      type: 1,
      price: '60000',
      quantity: '0.5',
    });
    const ladders: Promise<unknown>[] = [];
    for (let i = 0; i < 8; i++) {
      ladders.push(
        place(alice.token, 'buy', {
          symbol: 'ETH/USDT',
          type: 1,
          price: String(2000 - i * 5),
          quantity: '1.5',
        }),
        place(bob.token, 'buy', {
          symbol: 'ETH/USDT',
          type: 1,
          price: String(2000 - i * 5),
          quantity: '0.25',
        }),
        place(alice.token, 'buy', {
          symbol: 'DOGE/USDT',
          type: 1,
          price: (0.1 - i * 0.001).toFixed(5),
          quantity: String(1000 + i),
        }),
      );
    }
    await Promise.all(ladders);
    // Bob's BTC bid rests behind Alice's at the same price; his sell fills part of hers.
    await place(bob.token, 'buy', { symbol: 'BTC/USDT', type: 1, price: '60000', quantity: '0.2' });
    const sold = await place(bob.token, 'sell', { symbol: 'BTC/USDT', type: 2, quantity: '0.3' });
    expect(sold, JSON.stringify(sold)).toMatchObject({ data: { phase: 'filled' } });
    // Asks above the bids, one partly taken.
    for (let i = 1; i <= 4; i++)
      await place(bob.token, 'sell', {
        symbol: 'DOGE/USDT',
        type: 1,
        price: (0.1 + i * 0.002).toFixed(5),
        quantity: String(500 * i),
      });
    await place(alice.token, 'buy', { symbol: 'DOGE/USDT', type: 2, quantity: '700' });
    // Cancel some, so the book has gaps in its ids.
    const open = await server.call(spotCalls.findCoinOrderPage, { tab: 0, pageSize: 100 }, alice);
    for (const order of open.data.list.filter((o) => o.symbol === 'ETH/USDT').slice(0, 3)) {
      const cancelled = await server.call(
        spotCalls.cancelBuyOrder,
        { orderId: order.orderId },
        alice,
      );
      expect(cancelled.status).toBe(1);
    }
    const before = books(server);
    expect(JSON.parse(before['demo|ETH/USDT']!).bids.length).toBe(13);
    const btc = JSON.parse(before['demo|BTC/USDT']!) as { bids: { remaining: number }[] };
    expect(btc.bids.map((o) => o.remaining)).toEqual([20_000_000, 20_000_000]);
    const doge = JSON.parse(before['demo|DOGE/USDT']!) as { asks: { remaining: number }[] };
    expect(doge.asks.map((o) => o.remaining)).toEqual([800 * 1e8, 1500 * 1e8, 2000 * 1e8]);

    server = await server.restart();
    expect(books(server)).toEqual(before);

    // And it trades on as before: the oldest BTC bid (Alice's, partly filled) fills first.
    expect(
      (await place(bob.token, 'sell', { symbol: 'BTC/USDT', type: 2, quantity: '0.2' })).data,
    ).toMatchObject({ phase: 'filled' });
    const after = JSON.parse(books(server)['demo|BTC/USDT']!) as {
      bids: { owner: number; remaining: number }[];
    };
    expect(after.bids.map((o) => o.remaining)).toEqual([20_000_000]);
    const aliceBtc = await server.call(
      spotCalls.findCoinOrderPage,
      { tab: 1, symbol: 'BTC/USDT', pageSize: 10 },
      alice,
    );
    expect(aliceBtc.data.list[0]).toMatchObject({ phase: 'filled', filled: '0.50000000' });
  });
});

describe('an order held but never matched (the process stopped in between)', () => {
  it('is cancelled at the next start and its whole hold given back, logged as a release', async () => {
    const { token } = await server.register();
    const placed = await place(token, 'buy', {
      symbol: 'BTC/USDT',
      type: 1,
      price: '50000',
      quantity: '0.1',
    });
    expect(placed.status).toBe(1);
    const orderId = placed.data.orderId;
    // As the row stands between step 1 (hold and store) and step 2 (match): no engine sequence.
    await server.app.db
      .updateTable('spot_orders')
      .set({ seq: null })
      .where('id', '=', BigInt(orderId))
      .execute();

    server = await server.restart();
    const pair = await server.call(spotCalls.findUserMoney, { symbol: 'BTC/USDT' }, { token });
    expect(pair.data.quote).toEqual({
      currency: 'USDT',
      available: '100000.00000000',
      frozen: '0.00000000',
    });
    const history = await server.call(spotCalls.findCoinOrderPage, { tab: 1 }, { token });
    expect(history.data.list).toMatchObject([{ orderId, phase: 'cancelled' }]);
    const log = await server.call(assetsCalls.selectUserAccountChange, { type: 'spot' }, { token });
    expect(log.data.list[0]).toMatchObject({
      amount: '5000.00000000',
      reference: `spot-order:${orderId}`,
      spot: { kind: 'release', symbol: 'BTC/USDT', orderId, side: 'buy' },
    });
  });
});

describe('a market order larger than the book', () => {
  it('fills what it can and gives back the rest of its hold', async () => {
    const seller = await server.register();
    const buyer = await server.register();
    await kit.grant(seller.token, 'SOL', '5');
    for (const [price, quantity] of [
      ['150', '1'],
      ['151', '2'],
    ])
      await place(seller.token, 'sell', { symbol: 'SOL/USDT', type: 1, price, quantity });
    // A market buy of 5 SOL finds 3 in the book.
    const bought = await place(buyer.token, 'buy', { symbol: 'SOL/USDT', type: 2, quantity: '5' });
    expect(bought.data).toMatchObject({ phase: 'cancelled', filled: '3.00000000' });
    const pair = await server.call(spotCalls.findUserMoney, { symbol: 'SOL/USDT' }, buyer);
    // 150 + 2 x 151 = 452 USDT paid, nothing left held; 3 SOL less the 0.1 % taker fee.
    expect(pair.data.quote).toMatchObject({ available: '99548.00000000', frozen: '0.00000000' });
    expect(pair.data.base).toMatchObject({ available: '2.99700000', frozen: '0.00000000' });
    // Now the book is empty on that side: nothing to trade with.
    expect(
      await place(buyer.token, 'buy', { symbol: 'SOL/USDT', type: 2, quantity: '1' }),
    ).toMatchObject({ code: 'noLiquidity', enMsg: 'There is no one to trade with at the moment' });
    // A market sell by quantity works the same way against bids.
    await place(buyer.token, 'buy', { symbol: 'SOL/USDT', type: 1, price: '100', quantity: '1' });
    const sold = await place(seller.token, 'sell', { symbol: 'SOL/USDT', type: 2, quantity: '2' });
    expect(sold.data).toMatchObject({ phase: 'cancelled', filled: '1.00000000' });
    expect(
      (await server.call(spotCalls.findUserMoney, { symbol: 'SOL/USDT' }, seller)).data.base,
    ).toMatchObject({ available: '1.00000000', frozen: '0.00000000' });
  });
});
