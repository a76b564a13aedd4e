import {
  assetsCalls,
  channels,
  formatMoney,
  marketCalls,
  mulMoney,
  parseMoney,
  spotCalls,
  userCalls,
  type CallDef,
} from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAccount } from '../../ledger/accounts';
import { checkPlatform } from '../../ledger/check';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';
import { marketMakerReport } from './market-maker.report';
import { spotTestKit } from './spot.test-kit';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ rateLimits: ROOMY_LIMITS });
});
afterAll(() => server.close());

const { key, buy, sell, book } = spotTestKit(() => server, 'spot-test');

async function pair(token: string, symbol = 'BTC/USDT') {
  const answer = await server.call(spotCalls.findUserMoney, { symbol }, { token });
  expect(answer.status).toBe(1);
  return answer.data;
}

async function orders(token: string, tab: 0 | 1) {
  const answer = await server.call(spotCalls.findCoinOrderPage, { tab, pageSize: 100 }, { token });
  expect(answer.status).toBe(1);
  return answer.data;
}

function loose(def: CallDef, input: Record<string, unknown>, token?: string) {
  return server.call(def, input as never, { token, headers: { 'Idempotency-Key': key() } });
}

const units = (v: string) => parseMoney(v);

describe('product rules', () => {
  it('answers precision, minimum value and fees of a pair', async () => {
    const answer = await server.call(spotCalls.findByBProductConfig, { symbol: 'BTC/USDT' });
    expect(answer.data).toEqual({
      symbol: 'BTC/USDT',
      base: 'BTC',
      quote: 'USDT',
      pricePrecision: 2,
      quantityPrecision: 5,
      minNotional: '5.00000000',
      minQuantity: '0.00001000',
      makerFeeRate: '0.00100000',
      takerFeeRate: '0.00100000',
      tradingOpen: true,
    });
    expect(await loose(spotCalls.findByBProductConfig, { symbol: 'XYZ/USDT' })).toMatchObject({
      code: 'currencyNotOpen',
      enMsg: 'This currency is not open for trading, please reselect',
    });
  });
});

describe('the order book', () => {
  it('is the engine, quoted by the market maker around the feed price', async () => {
    const depth = await book('ETH/USDT', 20);
    expect(depth.source).toBe('engine');
    expect(depth.bids.length).toBeGreaterThanOrEqual(10);
    expect(depth.asks.length).toBeGreaterThanOrEqual(10);
    const bestBid = units(depth.bids[0]![0]);
    const bestAsk = units(depth.asks[0]![0]);
    expect(bestBid).toBeLessThan(bestAsk);
    const last = units(
      (await server.call(marketCalls.getTotalTrades, { symbol: 'ETH/USDT' })).data.price!,
    );
    // Within 1 % of the feed on both sides.
    expect(bestBid * 100n).toBeGreaterThan(last * 99n);
    expect(bestAsk * 100n).toBeLessThan(last * 101n);
  });
});

describe('getEntrustData', () => {
  it('answers the levels best first, at the pair precision', async () => {
    const { bids, asks, symbol } = await book('DOGE/USDT', 10);
    expect(symbol).toBe('DOGE/USDT');
    expect(bids).toHaveLength(10);
    expect(asks).toHaveLength(10);
    const prices = (levels: [string, string][]) => levels.map(([p]) => units(p));
    const bidPrices = prices(bids);
    const askPrices = prices(asks);
    expect([...bidPrices].sort((a, b) => (a > b ? -1 : 1))).toEqual(bidPrices);
    expect([...askPrices].sort((a, b) => (a < b ? -1 : 1))).toEqual(askPrices);
    expect(bidPrices[0]!).toBeLessThan(askPrices[0]!);
    for (const [price, quantity] of [...bids, ...asks]) {
      // DOGE is quoted to 5 places and traded in whole coins.
      expect(price).toMatch(/^\d+\.\d{5}000$/);
      expect(quantity).toMatch(/^[1-9]\d*\.00000000$/);
    }
  });

  it('answers an unknown pair with notFound and refuses a depth out of range', async () => {
    expect(await loose(marketCalls.getEntrustData, { symbol: 'XYZ/USDT' })).toMatchObject({
      code: 'notFound',
    });
    for (const depth of ['0', '51', 'x']) {
      expect(await loose(marketCalls.getEntrustData, { symbol: 'BTC/USDT', depth })).toMatchObject({
        status: '400',
        code: 'invalidInput',
      });
    }
  });
});

describe('getTrades', () => {
  it("answers the book's trades newest first: a demo user's own, never a visitor's view", async () => {
    const { token } = await server.register();
    const before = await server.call(
      marketCalls.getTrades,
      { symbol: 'LINK/USDT', limit: 100 },
      { token },
    );
    await buy(token, { symbol: 'LINK/USDT', type: 2, quantity: '3' });
    await sell(token, { symbol: 'LINK/USDT', type: 2, quantity: '1' });
    const after = await server.call(
      marketCalls.getTrades,
      { symbol: 'LINK/USDT', limit: 100 },
      { token },
    );
    const fresh = after.data.slice(0, after.data.length - before.data.length);
    expect(fresh.length).toBeGreaterThanOrEqual(2);
    // The sell came last, so it is first.
    expect(fresh[0]).toEqual({
      price: expect.stringMatching(/^\d+\.\d{8}$/),
      quantity: expect.stringMatching(/^\d+\.\d{8}$/),
      side: 'sell',
      time: expect.any(Number),
      source: 'engine',
    });
    expect(fresh.at(-1)!.side).toBe('buy');
    const times = after.data.map((t) => t.time);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const visitor = await server.call(marketCalls.getTrades, { symbol: 'LINK/USDT' });
    expect(visitor.data).toEqual([]);
  });

  it('answers an unknown pair with notFound and refuses a limit out of range', async () => {
    expect(await loose(marketCalls.getTrades, { symbol: 'XYZ/USDT' })).toMatchObject({
      code: 'notFound',
    });
    for (const limit of ['0', '101', '-1'])
      expect(await loose(marketCalls.getTrades, { symbol: 'BTC/USDT', limit })).toMatchObject({
        status: '400',
        code: 'invalidInput',
      });
  });
});

describe('live events', () => {
  it("push the user's order and balances, the book's trades and its depth", async () => {
    const { token } = await server.register();
    const live = await server.subscribe(
      ['user', channels.trades('ADA/USDT', 'demo'), channels.depth('ADA/USDT', 'demo')],
      token,
    );
    const visitor = await server.subscribe([channels.trades('ADA/USDT')]);
    try {
      const placed = await buy(token, { symbol: 'ADA/USDT', type: 2, quantity: '100' });
      expect(placed.data.phase).toBe('filled');
      const order = await live.next(
        (f) => f.channel === 'user' && (f.data as { event: string }).event === 'order',
      );
      expect(order.data).toEqual({
        event: 'order',
        mode: 'demo',
        orderId: placed.data.orderId,
        symbol: 'ADA/USDT',
        side: 'buy',
        phase: 'filled',
        filled: '100.00000000',
      });
      const ada = await live.next(
        (f) =>
          f.channel === 'user' &&
          (f.data as { event: string; currency?: string }).event === 'balance' &&
          (f.data as { currency?: string }).currency === 'ADA',
      );
      expect(ada.data).toMatchObject({ mode: 'demo', wallet: 'coin', available: '99.90000000' });
      const trades = await live.next((f) => f.channel === 'trades.ADA/USDT.demo');
      expect((trades.data as { side: string }[])[0]).toMatchObject({ side: 'buy' });
      const depth = await live.next((f) => f.channel === 'depth.ADA/USDT.demo');
      expect(depth.data).toMatchObject({ symbol: 'ADA/USDT', source: 'engine' });
      // A demo trade is not on the real tape.
      expect(visitor.frames).toEqual([]);
    } finally {
      live.close();
      visitor.close();
    }
  });
});

describe('a limit buy below the market', () => {
  it('holds its cost, rests in the book, and gives everything back when cancelled', async () => {
    const { token } = await server.register();
    const bestBid = units((await book()).bids[0]![0]);
    const price = formatMoney(((bestBid * 90n) / 100n / 1_000_000n) * 1_000_000n, 2);
    const placed = await buy(token, { symbol: 'BTC/USDT', type: 1, price, quantity: '0.01' });
    expect(placed).toMatchObject({
      status: 1,
      data: { status: 'entrusted', phase: 'open', filled: '0.00000000' },
    });
    const cost = mulMoney(units(price), units('0.01'), 'up');

    const held = await pair(token);
    expect(held.quote).toEqual({
      currency: 'USDT',
      available: formatMoney(units('100000') - cost),
      frozen: formatMoney(cost),
    });
    const current = await orders(token, 0);
    expect(current.list).toHaveLength(1);
    expect(current.list[0]).toMatchObject({
      orderId: placed.data.orderId,
      side: 'buy',
      type: 1,
      phase: 'open',
      mode: 'demo',
    });
    // The user sees the order in the demo book; visitors see the real book, which it never reaches.
    const level = ([p]: [string, string]) => p === formatMoney(units(price));
    expect((await book('BTC/USDT', 50, token)).bids.find(level)).toEqual([
      formatMoney(units(price)),
      '0.01000000',
    ]);
    expect((await book()).bids.find(level)).toBeUndefined();

    const cancelled = await server.call(
      spotCalls.cancelBuyOrder,
      { orderId: placed.data.orderId },
      { token },
    );
    expect(cancelled.data).toEqual({
      orderId: placed.data.orderId,
      status: 'closed',
      phase: 'cancelled',
    });
    expect((await pair(token)).quote).toMatchObject({
      available: '100000.00000000',
      frozen: '0.00000000',
    });
    expect((await orders(token, 0)).list).toHaveLength(0);
    expect((await orders(token, 1)).list[0]).toMatchObject({
      phase: 'cancelled',
      status: 'closed',
    });
    // Cancelled once is cancelled.
    expect(
      await server.call(spotCalls.cancelBuyOrder, { orderId: placed.data.orderId }, { token }),
    ).toMatchObject({
      code: 'orderNotOpen',
      enMsg: 'This order can no longer be cancelled',
    });
  });
});

describe('market orders', () => {
  it('buy by quantity against the market maker, paying the taker fee in the coin bought', async () => {
    const { token } = await server.register();
    const placed = await buy(token, { symbol: 'BTC/USDT', type: 2, quantity: '0.02' });
    expect(placed.data).toMatchObject({ status: 'closed', phase: 'filled', filled: '0.02000000' });
    const after = await pair(token);
    // 0.1 % taker fee on the 0.02 BTC received.
    expect(after.base).toEqual({ currency: 'BTC', available: '0.01998000', frozen: '0.00000000' });
    expect(after.quote.frozen).toBe('0.00000000');
    const [filled] = (await orders(token, 1)).list;
    expect(filled).toMatchObject({
      phase: 'filled',
      fee: '0.00002000',
      feeCurrency: 'BTC',
      filled: '0.02000000',
    });
    const spent = units('100000') - units(after.quote.available);
    expect(spent).toBe(units(filled!.filledAmount));
    // Near the feed price.
    const last = units(
      (await server.call(marketCalls.getTotalTrades, { symbol: 'BTC/USDT' })).data.price!,
    );
    expect(units(filled!.avgPrice) * 100n).toBeLessThan(last * 101n);

    const log = await server.call(assetsCalls.selectUserAccountChange, { type: 'spot' }, { token });
    expect(log.data.list.map((c) => c.currency)).toEqual(expect.arrayContaining(['BTC', 'USDT']));
    expect(log.data.list.every((c) => c.type === 'spot')).toBe(true);
  });

  it('buy by USDT amount, spending no more than the amount', async () => {
    const { token } = await server.register();
    const placed = await buy(token, { symbol: 'ETH/USDT', type: 2, amount: '500' });
    expect(placed.data.phase).toBe('filled');
    // Whole steps of the product only: what is too little for one stays in the balance.
    const eth = server.app.market.products().find((p) => p.symbol === 'ETH/USDT')!;
    const lot = 10n ** BigInt(8 - eth.quantityPrecision);
    expect(units(placed.data.filled) % lot).toBe(0n);
    expect(units(placed.data.filled)).toBeGreaterThan(0n);
    const after = await pair(token, 'ETH/USDT');
    const spent = units('100000') - units(after.quote.available);
    expect(spent).toBeLessThanOrEqual(units('500'));
    expect(spent).toBeGreaterThan(units('499'));
    expect(after.quote.frozen).toBe('0.00000000');
    expect(units(after.base.available)).toBeGreaterThan(0n);
  });

  it('sell what was bought; a sell for more than is held is refused and changes nothing', async () => {
    const { token } = await server.register();
    await buy(token, { symbol: 'SOL/USDT', type: 2, quantity: '10' });
    const held = await pair(token, 'SOL/USDT');
    expect(held.base.available).toBe('9.99000000');
    // The coin is short, not USDT: the text names it instead of asking for a recharge.
    expect(await sell(token, { symbol: 'SOL/USDT', type: 2, quantity: '10' })).toMatchObject({
      code: 'insufficientToSell',
      enMsg: 'Not enough SOL available to sell',
    });
    expect(await pair(token, 'SOL/USDT')).toEqual(held);
    const sold = await sell(token, { symbol: 'SOL/USDT', type: 2, quantity: '9.99' });
    expect(sold.data).toMatchObject({ phase: 'filled', filled: '9.99000000' });
    const after = await pair(token, 'SOL/USDT');
    expect(after.base.available).toBe('0.00000000');
    expect(units(after.quote.available)).toBeLessThan(units('100000'));
    expect(units(after.quote.available)).toBeGreaterThan(units('99990'));
  });
});

describe('a marketable limit order', () => {
  it('fills at the makers prices and gives back the hold it did not need', async () => {
    const { token } = await server.register();
    const bestAsk = units((await book()).asks[0]![0]);
    const limit = formatMoney(((bestAsk * 102n) / 100n / 1_000_000n) * 1_000_000n, 2);
    const placed = await buy(token, {
      symbol: 'BTC/USDT',
      type: 1,
      price: limit,
      quantity: '0.01',
    });
    expect(placed.data.phase).toBe('filled');
    const after = await pair(token);
    expect(after.quote.frozen).toBe('0.00000000');
    const [filled] = (await orders(token, 1)).list;
    expect(units(filled!.avgPrice)).toBeLessThan(units(limit));
    expect(units('100000') - units(after.quote.available)).toBe(units(filled!.filledAmount));
  });
});

describe('two users trade with each other', () => {
  it('inside the spread: the resting seller is the maker, the buyer the taker', async () => {
    const seller = await server.register();
    const buyer = await server.register();
    await buy(seller.token, { symbol: 'DOGE/USDT', type: 2, quantity: '1000' });
    // Both are in demo mode, so they see and trade in the demo book.
    const demo = await book('DOGE/USDT', 50, seller.token);
    const bid = units(demo.bids[0]![0]);
    const ask = units(demo.asks[0]![0]);
    const inside = bid + (ask - bid) / 2n;
    const price = formatMoney((inside / 1_000n) * 1_000n, 5);
    const resting = await sell(seller.token, {
      symbol: 'DOGE/USDT',
      type: 1,
      price,
      quantity: '500',
    });
    expect(resting.data.phase).toBe('open');
    const taken = await buy(buyer.token, { symbol: 'DOGE/USDT', type: 2, quantity: '500' });
    expect(taken.data.phase).toBe('filled');
    const [sold] = (await orders(seller.token, 1)).list.filter((o) => o.side === 'sell');
    expect(sold).toMatchObject({ phase: 'filled', avgPrice: formatMoney(units(price)) });
    const value = mulMoney(units('500'), units(price), 'down');
    // The seller was the maker: 0.1 % of the USDT received.
    expect(sold!.fee).toBe(formatMoney(mulMoney(value, units('0.001'), 'down')));
    expect((await pair(buyer.token, 'DOGE/USDT')).base.available).toBe('499.50000000');
  });
});

describe('refusals', () => {
  it('say what is wrong and change nothing', async () => {
    const { token } = await server.register();
    const cases: [Record<string, unknown>, string][] = [
      [{ symbol: 'BTC/USDT', type: 1, price: '90000', quantity: '10' }, 'insufficientBalance'],
      [{ symbol: 'BTC/USDT', type: 1, price: '90000.123', quantity: '0.001' }, 'pricePrecision'],
      [{ symbol: 'BTC/USDT', type: 1, price: '90000', quantity: '0.000001' }, 'quantityPrecision'],
      [{ symbol: 'BTC/USDT', type: 1, price: '90000', quantity: '0.00001' }, 'orderBelowMinimum'],
      [{ symbol: 'BTC/USDT', type: 1, price: '90000', quantity: '0' }, 'quantityPositive'],
      [{ symbol: 'BTC/USDT', type: 1, quantity: '0.01' }, 'requiredItems'],
      [{ symbol: 'BTC/USDT', type: 2 }, 'requiredItems'],
      [{ symbol: 'BTC/USDT', type: 1, price: '0', quantity: '0.01' }, 'incorrectAmount'],
      [{ symbol: 'XYZ/USDT', type: 1, price: '1', quantity: '10' }, 'currencyNotOpen'],
      [{ symbol: 'BTC/USDT', type: 3, price: '1', quantity: '10' }, 'invalidInput'],
      [{ type: 1, price: '1', quantity: '10' }, 'requiredItems'],
    ];
    for (const [input, code] of cases) {
      expect(await buy(token, input), JSON.stringify(input)).toMatchObject({ status: '400', code });
    }
    expect((await pair(token)).quote).toEqual({
      currency: 'USDT',
      available: '100000.00000000',
      frozen: '0.00000000',
    });
    expect((await orders(token, 0)).total + (await orders(token, 1)).total).toBe(0);
  });

  it("cannot cancel another user's order, or a buy through the sell call", async () => {
    const a = await server.register();
    const b = await server.register();
    const placed = await buy(a.token, {
      symbol: 'BTC/USDT',
      type: 1,
      price: '1000',
      quantity: '0.01',
    });
    expect(
      await server.call(
        spotCalls.cancelBuyOrder,
        { orderId: placed.data.orderId },
        { token: b.token },
      ),
    ).toMatchObject({ code: 'notFound' });
    expect(
      await server.call(
        spotCalls.cancelSellOrder,
        { orderId: placed.data.orderId },
        { token: a.token },
      ),
    ).toMatchObject({ code: 'notFound' });
    expect((await orders(a.token, 0)).list).toHaveLength(1);
  });

  it('refuses bad input to the other calls, and every call without a session', async () => {
    const { token } = await server.register();
    const bad: [CallDef, Record<string, unknown>, string][] = [
      [spotCalls.cancelBuyOrder, {}, 'invalidInput'],
      [spotCalls.cancelBuyOrder, { orderId: 'abc' }, 'invalidInput'],
      [spotCalls.cancelSellOrder, { orderId: '-1' }, 'invalidInput'],
      [spotCalls.cancelSellOrder, { orderId: '0' }, 'invalidInput'],
      [spotCalls.cancelBuyOrder, { orderId: '999999999' }, 'notFound'],
      [spotCalls.findCoinOrderPage, { tab: '2' }, 'invalidInput'],
      [spotCalls.findCoinOrderPage, { pageSize: '0' }, 'invalidInput'],
      [spotCalls.findCoinOrderPage, { pageSize: '101' }, 'invalidInput'],
      [spotCalls.findCoinOrderPage, { page: '0' }, 'invalidInput'],
      [spotCalls.findCoinOrderPage, { symbol: 'BTC-USDT' }, 'currencyNotOpen'],
      [spotCalls.findUserMoney, { symbol: 'XYZ/USDT' }, 'currencyNotOpen'],
      [spotCalls.findUserMoney, {}, 'requiredItems'],
      [spotCalls.findByBProductConfig, { symbol: 'btc' }, 'currencyNotOpen'],
    ];
    for (const [def, input, code] of bad) {
      expect(await loose(def, input, token), `${def.path} ${JSON.stringify(input)}`).toMatchObject({
        code,
      });
    }
    const signedOut: [CallDef, Record<string, unknown>][] = [
      [spotCalls.insertCoinOrder, { symbol: 'BTC/USDT', type: 2, quantity: '0.01' }],
      [spotCalls.sellCoinOrder, { symbol: 'BTC/USDT', type: 2, quantity: '0.01' }],
      [spotCalls.cancelBuyOrder, { orderId: 1 }],
      [spotCalls.cancelSellOrder, { orderId: 1 }],
      [spotCalls.findCoinOrderPage, {}],
      [spotCalls.findUserMoney, { symbol: 'BTC/USDT' }],
    ];
    for (const [def, input] of signedOut) {
      expect(await loose(def, input), def.path).toMatchObject({
        status: '401',
        code: 'notLoggedIn',
      });
    }
  });

  it('answers a repeated Idempotency-Key with the same order, and refuses it with other content', async () => {
    const { token } = await server.register();
    const k = key();
    const first = await buy(
      token,
      { symbol: 'BTC/USDT', type: 1, price: '1000', quantity: '0.01' },
      k,
    );
    const again = await buy(
      token,
      { symbol: 'BTC/USDT', type: 1, price: '1000', quantity: '0.01' },
      k,
    );
    expect(again.data.orderId).toBe(first.data.orderId);
    expect((await orders(token, 0)).total).toBe(1);
    expect(
      await buy(token, { symbol: 'BTC/USDT', type: 1, price: '1001', quantity: '0.01' }, k),
    ).toMatchObject({
      status: '409',
      code: 'idempotencyConflict',
    });
    // A key outside docs/api.md's 8 to 128 characters of A-Za-z0-9_.:- places nothing.
    for (const bad of ['short', 'x'.repeat(129), 'has space here']) {
      expect(
        await buy(token, { symbol: 'BTC/USDT', type: 1, price: '1000', quantity: '0.01' }, bad),
      ).toMatchObject({ status: '400', code: 'invalidInput' });
    }
    expect((await orders(token, 0)).total).toBe(1);
  });

  it('places one order for one Idempotency-Key sent several times at once', async () => {
    const { token } = await server.register();
    const k = key();
    const input = { symbol: 'BTC/USDT', type: 1, price: '1000', quantity: '0.01' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => buy(token, input, k)));
    expect(answers.map((a) => a.status)).toEqual([1, 1, 1, 1, 1]);
    expect(new Set(answers.map((a) => a.data.orderId)).size).toBe(1);
    expect((await orders(token, 0)).total).toBe(1);
    expect((await pair(token)).quote).toEqual({
      currency: 'USDT',
      available: '99990.00000000',
      frozen: '10.00000000',
    });
  });

  it('places an order without an Idempotency-Key once per request (a client built from SPEC.md)', async () => {
    const { token } = await server.register();
    const input = { symbol: 'BTC/USDT', type: 1, price: '1000', quantity: '0.01' };
    const first = await buy(token, input, null);
    const second = await buy(token, input, null);
    expect([first.status, second.status]).toEqual([1, 1]);
    expect(second.data.orderId).not.toBe(first.data.orderId);
    expect((await orders(token, 0)).total).toBe(2);
    // Two holds of 1000 x 0.01 = 10 USDT each.
    expect((await pair(token)).quote).toEqual({
      currency: 'USDT',
      available: '99980.00000000',
      frozen: '20.00000000',
    });
    const sold = await sell(token, { symbol: 'BTC/USDT', type: 2, quantity: '1' }, null);
    expect(sold.status).toBe('400');
  });

  it('keeps the real book apart: an empty real account cannot buy', async () => {
    const { token } = await server.register();
    await server.call(userCalls.switchUser, { mode: 'real' }, { token });
    expect(await buy(token, { symbol: 'BTC/USDT', type: 2, quantity: '0.01' })).toMatchObject({
      code: 'insufficientBalance',
    });
  });
});

describe('concurrency', () => {
  it('never overdraws under many orders at once', async () => {
    const { token } = await server.register();
    // Each order holds 3,000 USDT: 33 fit in 100,000.
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, () =>
        buy(token, { symbol: 'BTC/USDT', type: 1, price: '1000', quantity: '3' }),
      ),
    );
    expect(outcomes.filter((o) => o.status !== 1 && o.code !== 'insufficientBalance')).toEqual([]);
    expect(outcomes.filter((o) => o.status === 1)).toHaveLength(33);
    expect(outcomes.filter((o) => o.code === 'insufficientBalance')).toHaveLength(27);
    expect((await pair(token)).quote).toEqual({
      currency: 'USDT',
      available: '1000.00000000',
      frozen: '99000.00000000',
    });
  });
});

describe('many traders at once', () => {
  // The market maker keeps quoting as prices move, and may fill a resting order between two
  // reads. A balance read between two identical reads of the open orders saw no fill of them:
  // orders closed before the first read had released their holds already.
  async function settledView(token: string) {
    const fingerprint = (list: { orderId: number; filled: string }[]) =>
      list.map((o) => `${o.orderId}:${o.filled}`).join();
    for (;;) {
      const before = (await orders(token, 0)).list;
      const balances = await pair(token, 'XRP/USDT');
      const after = (await orders(token, 0)).list;
      if (fingerprint(before) === fingerprint(after)) return { ...balances, open: after };
    }
  }

  it('settle every trade exactly: balances add up and the ledger checks clean', async () => {
    const traders = await Promise.all(Array.from({ length: 12 }, () => server.register()));
    const rounds = await Promise.all(
      traders.map(async ({ token }, i) => {
        const outcomes = [];
        outcomes.push(await buy(token, { symbol: 'XRP/USDT', type: 2, amount: '2000' }));
        const { bids, asks } = await book('XRP/USDT', 5, token);
        const mid = (units(bids[0]![0]) + units(asks[0]![0])) / 2n;
        // Half rest just inside the spread (and meet each other), half take.
        const price = formatMoney(((i % 2 ? mid + 10_000n : mid - 10_000n) / 10_000n) * 10_000n, 4);
        outcomes.push(
          await Promise.all([
            sell(token, { symbol: 'XRP/USDT', type: 1, price, quantity: '100' }),
            buy(token, { symbol: 'XRP/USDT', type: 1, price, quantity: '100' }),
            sell(token, { symbol: 'XRP/USDT', type: 2, quantity: '50' }),
          ]),
        );
        return outcomes.flat();
      }),
    );
    for (const outcome of rounds.flat()) expect(outcome.status, JSON.stringify(outcome)).toBe(1);
    const report = await checkPlatform(server.app.db);
    expect(report.problems).toEqual([]);
    for (const { token } of traders) {
      const { base, quote, open } = await settledView(token);
      // What is still frozen is exactly what the open orders hold.
      const heldQuote = open
        .filter((o) => o.side === 'buy')
        .reduce(
          (sum, o) => sum + mulMoney(units(o.price), units(o.quantity) - units(o.filled), 'up'),
          0n,
        );
      const heldBase = open
        .filter((o) => o.side === 'sell')
        .reduce((sum, o) => sum + units(o.quantity) - units(o.filled), 0n);
      expect(units(quote.frozen)).toBe(heldQuote);
      expect(units(base.frozen)).toBe(heldBase);
    }
  });
});

describe('the market maker report', () => {
  // A server of its own: resting orders other tests leave behind would trade with the market maker
  // as its quotes follow the moving prices, and the report would count those trades too.
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ rateLimits: ROOMY_LIMITS });
  });
  afterAll(() => server.close());
  const buy = (token: string, input: Record<string, unknown>) =>
    server.call(spotCalls.insertCoinOrder, input as never, {
      token,
      headers: { 'Idempotency-Key': key() },
    });
  const orders = async (token: string) =>
    (await server.call(spotCalls.findCoinOrderPage, { tab: 1, pageSize: 100 }, { token })).data;

  it('shows its inventory, what trading moved, and its result at the current prices', async () => {
    const price = (currency: string) => server.app.market.rateToUsdt(currency, 'live');
    const before = await marketMakerReport(server.app.db, 'demo', price);
    const { token } = await server.register();
    const placed = await buy(token, { symbol: 'TRX/USDT', type: 2, quantity: '1000' });
    const [order] = (await orders(token)).list.filter((o) => o.orderId === placed.data.orderId);
    const after = await marketMakerReport(server.app.db, 'demo', price);
    const line = (report: typeof after, currency: string) =>
      report.inventory.find((l) => l.currency === currency)!;
    // It sold the 1000 TRX (no fee for the market maker) for what the buyer paid.
    expect(units(line(after, 'TRX').traded) - units(line(before, 'TRX').traded)).toBe(
      -units('1000'),
    );
    expect(units(line(after, 'USDT').traded) - units(line(before, 'USDT').traded)).toBe(
      units(order!.filledAmount),
    );
    expect(after.trades).toBeGreaterThan(before.trades);
    expect(units(after.volumeUsdt) - units(before.volumeUsdt)).toBe(units(order!.filledAmount));
    expect(after.book).toBe('demo');
    const sum = after.inventory.reduce((total, l) => total + units(l.tradedUsdt), 0n);
    expect(units(after.pnlUsdt)).toBe(sum);
    expect(line(after, 'USDT').price).toBe('1.00000000');
  });
});

describe('the platform check', () => {
  it('finds frozen funds no open order holds, and a finished order still holding', async () => {
    const { token } = await server.register();
    const placed = await buy(token, {
      symbol: 'BTC/USDT',
      type: 1,
      price: '1000',
      quantity: '0.01',
    });
    expect((await checkPlatform(server.app.db)).problems).toEqual([]);
    const info = await server.call(userCalls.findUserInfo, {}, { token });
    const stray = (amount: bigint, wallet: 'coin' | 'contract' | 'cft' = 'coin') =>
      server.app.writer.run((trx) =>
        server.app.ledger.post(trx, {
          type: 'adjustment',
          reference: `test:stray-hold:${wallet}:${amount}`,
          postings: [
            { account: userAccount(info.data.id, 'demo', 'coin', 'USDT'), amount: -amount },
            { account: userAccount(info.data.id, 'demo', `${wallet}_hold`, 'USDT'), amount },
          ],
        }),
      );
    await stray(1n);
    expect((await checkPlatform(server.app.db)).problems).toEqual([
      {
        kind: 'hold-mismatch',
        detail: `user ${info.data.id} demo holds 1000000001 USDT in coin_hold, its open records 1000000000`,
      },
    ]);
    await stray(-1n);
    // Frozen contract and financial funds with no open position or order behind them.
    await stray(5n, 'contract');
    await stray(7n, 'cft');
    const byDetail = (a: { detail: string }, b: { detail: string }) =>
      a.detail.localeCompare(b.detail);
    expect((await checkPlatform(server.app.db)).problems.sort(byDetail)).toEqual(
      [
        {
          kind: 'hold-mismatch',
          detail: `user ${info.data.id} demo holds 5 USDT in contract_hold, its open records 0`,
        },
        {
          kind: 'hold-mismatch',
          detail: `user ${info.data.id} demo holds 7 USDT in cft_hold, its open records 0`,
        },
      ].sort(byDetail),
    );
    await stray(-5n, 'contract');
    await stray(-7n, 'cft');
    await server.app.db
      .updateTable('spot_orders')
      .set({ phase: 'cancelled' })
      .where('id', '=', BigInt(placed.data.orderId))
      .execute();
    expect((await checkPlatform(server.app.db)).problems.map((p) => p.kind)).toEqual([
      'hold-on-closed-order',
    ]);
    await server.app.db
      .updateTable('spot_orders')
      .set({ phase: 'open' })
      .where('id', '=', BigInt(placed.data.orderId))
      .execute();
    expect((await checkPlatform(server.app.db)).ok).toBe(true);
  });
});

describe('assets', () => {
  it('shows the coins bought, valued in USDT', async () => {
    const { token } = await server.register();
    await buy(token, { symbol: 'BTC/USDT', type: 2, quantity: '0.01' });
    const money = await server.call(assetsCalls.findUserMoney, {}, { token });
    const btc = money.data.wallets.coin.find((b) => b.currency === 'BTC');
    expect(btc?.available).toBe('0.00999000');
    expect(units(btc!.usdtValue!)).toBeGreaterThan(0n);
  });
});
