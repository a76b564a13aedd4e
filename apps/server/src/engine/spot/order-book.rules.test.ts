import { describe, expect, it } from 'vitest';
import { SpotBook } from './order-book';
import { buyFor, last, limit, market, newId, place, trades, u } from './test-orders';
import type { SpotEvent, SpotOrder } from './types';

describe('SpotBook market buy by quote amount', () => {
  it('buys level by level, rounding the quantity down so it never overspends', () => {
    const book = new SpotBook();
    place(book, limit('sell', 3, 1)); // 3 quote per unit
    place(book, limit('sell', 7, 10));
    const order = buyFor(u(10)); // 10 quote: 1 unit at 3, then 7/7 = 1 unit at 7
    const events = place(book, order);
    const fills = trades(events);
    expect(fills.map((t) => [t.price, t.quantity, t.quote])).toEqual([
      [u(3), u(1), BigInt(u(3))],
      [u(7), u(1), BigInt(u(7))],
    ]);
    expect(last(events)).toEqual({
      type: 'done',
      id: order.id,
      reason: 'filled',
      filled: u(2),
      remaining: 0,
    });
  });

  it('rounds a fill that does not divide evenly down and releases the dust', () => {
    const book = new SpotBook();
    place(book, limit('sell', 3, 100));
    const order = buyFor(u(10)); // 10 / 3 = 3.33333333(3): 333333333 units cost 999999999 units
    const events = place(book, order);
    const [fill] = trades(events);
    expect(fill).toMatchObject({ quantity: 333_333_333, quote: 999_999_999n });
    expect(last(events)).toEqual({
      type: 'done',
      id: order.id,
      reason: 'filled',
      filled: 333_333_333,
      remaining: 1,
    });
  });

  it('never spends more than the amount, however the fills split', () => {
    const book = new SpotBook();
    // Prices with sub-unit products: each fill's exact cost has a fraction.
    for (let i = 0; i < 20; i++) {
      place(book, {
        type: 'limit',
        id: newId(),
        owner: 1,
        side: 'sell',
        price: 123_456_789 + i * 7,
        quantity: 3_333_337,
      });
    }
    const amount = 25_000_000;
    const order = buyFor(amount);
    const events = place(book, order);
    const spent = trades(events).reduce((sum, t) => sum + t.quote, 0n);
    const exact = trades(events).reduce((sum, t) => sum + BigInt(t.price) * BigInt(t.quantity), 0n);
    expect(exact).toBeLessThanOrEqual(BigInt(amount) * 100_000_000n);
    expect(spent).toBeLessThanOrEqual(BigInt(amount));
    const end = last(events);
    expect(end).toMatchObject({ type: 'done', id: order.id });
    expect(end?.type === 'done' && BigInt(end.remaining) + spent).toBe(BigInt(amount));
  });

  it('reports market-remainder with the unspent quote when the book runs out', () => {
    const book = new SpotBook();
    place(book, limit('sell', 5, 1));
    const order = buyFor(u(8));
    const events = place(book, order);
    expect(last(events)).toEqual({
      type: 'done',
      id: order.id,
      reason: 'market-remainder',
      filled: u(1),
      remaining: u(3),
    });
  });

  it('is filled, not a remainder, when the amount buys exactly the whole book', () => {
    const book = new SpotBook();
    place(book, limit('sell', 5, 1));
    const order = buyFor(u(5));
    expect(last(place(book, order))).toEqual({
      type: 'done',
      id: order.id,
      reason: 'filled',
      filled: u(1),
      remaining: 0,
    });
  });

  it('is filled when the amount runs out inside a maker, even with its own order next', () => {
    const book = new SpotBook();
    place(book, limit('sell', 3, 10, 1));
    place(book, limit('sell', 3, 10, 9));
    const order = buyFor(u(6) + 1, 9);
    const events = place(book, order);
    expect(trades(events).map((t) => t.quantity)).toEqual([u(2)]);
    expect(last(events)).toMatchObject({ reason: 'filled', filled: u(2), remaining: 1 });
  });

  it('is rejected with no-liquidity when the amount cannot pay for one unit', () => {
    const book = new SpotBook();
    place(book, limit('sell', 60_000, 1));
    const order = buyFor(5); // 0.00000005 quote, one unit costs 0.0006
    expect(place(book, order)).toEqual([
      { type: 'rejected', id: order.id, reason: 'no-liquidity' },
    ]);
  });

  it('buys whole lots only and leaves what is too little for one unspent', () => {
    // The helper's report: 200 USDT at 94,974.44 bought 0.00210582 BTC, not whole 0.00001 steps.
    const book = new SpotBook();
    place(book, limit('sell', 94_974.44, 1));
    const order = { ...buyFor(u(200)), lot: 1_000 }; // 5 places: a lot is 1,000 units
    const events = place(book, order);
    const [fill] = trades(events);
    expect(fill).toMatchObject({ quantity: 210_000 }); // 0.0021 BTC
    expect(fill!.quantity % 1_000).toBe(0);
    // 0.0021 x 94,974.44 = 199.446324 USDT: the rest stays with the buyer.
    expect(fill!.quote).toBe(19_944_632_400n);
    expect(last(events)).toEqual({
      type: 'done',
      id: order.id,
      reason: 'filled', // the amount ran out inside the maker
      filled: 210_000,
      remaining: u(200) - 19_944_632_400,
    });
  });

  it('takes lots across levels and stops at a lot it cannot pay for', () => {
    const book = new SpotBook();
    place(book, limit('sell', 10, 0.002));
    place(book, limit('sell', 20, 0.01));
    const order = { ...buyFor(u(0.05)), lot: 100_000 }; // 0.001 steps
    const events = place(book, order);
    expect(trades(events).map((t) => [t.price, t.quantity])).toEqual([
      [u(10), 200_000],
      [u(20), 100_000],
    ]);
    // 0.02 + 0.02 spent; 0.01 is too little for 0.001 at 20 (0.02).
    expect(last(events)).toMatchObject({ filled: 300_000, remaining: u(0.01) });
  });

  it('is rejected with no-liquidity when the amount cannot pay for one lot', () => {
    const book = new SpotBook();
    place(book, limit('sell', 60_000, 1));
    const order = { ...buyFor(u(0.5)), lot: 1_000 }; // a lot of 0.00001 costs 0.6
    expect(place(book, order)).toEqual([
      { type: 'rejected', id: order.id, reason: 'no-liquidity' },
    ]);
  });

  it('is invalid for a sell, or with both a quantity and an amount', () => {
    const book = new SpotBook();
    place(book, limit('buy', 1, 1));
    const sell = { type: 'market', id: newId(), owner: 1, side: 'sell', quoteAmount: 5 };
    const both = {
      type: 'market',
      id: newId(),
      owner: 1,
      side: 'buy',
      quoteAmount: 5,
      quantity: 5,
    };
    for (const order of [sell, both]) {
      expect(place(book, order as unknown as SpotOrder)).toEqual([
        { type: 'rejected', id: order.id, reason: 'invalid' },
      ]);
    }
  });
});

describe('SpotBook self-trade prevention', () => {
  it('cancels the taker’s rest and leaves the resting order alone', () => {
    const book = new SpotBook();
    const other = limit('sell', 100, 1, 2);
    const own = limit('sell', 101, 1, 7);
    place(book, other);
    place(book, own);
    const taker = limit('buy', 105, 3, 7);
    const events = place(book, taker);
    expect(trades(events).map((t) => t.makerId)).toEqual([other.id]);
    expect(last(events)).toEqual({
      type: 'done',
      id: taker.id,
      reason: 'self-trade',
      filled: u(1),
      remaining: u(2),
    });
    expect(book.order(own.id)?.remaining).toBe(u(1));
    expect(book.order(taker.id)).toBeUndefined();
    expect(book.bestBid()).toBeUndefined();
  });

  it('stops a market order at its own order even behind others at the same price', () => {
    const book = new SpotBook();
    place(book, limit('buy', 100, 1, 2));
    place(book, limit('buy', 100, 1, 7));
    place(book, limit('buy', 100, 1, 3));
    const order = market('sell', 3, 7);
    const events = place(book, order);
    expect(trades(events)).toHaveLength(1);
    expect(last(events)).toMatchObject({ reason: 'self-trade', filled: u(1), remaining: u(2) });
    expect(book.depth(1).bids).toEqual([[u(100), u(2)]]);
  });

  it('applies to a buy by quote amount too', () => {
    const book = new SpotBook();
    place(book, limit('sell', 10, 1, 4));
    const order = buyFor(u(50), 4);
    expect(place(book, order)).toEqual([
      { type: 'accepted', id: order.id },
      { type: 'done', id: order.id, reason: 'self-trade', filled: 0, remaining: u(50) },
    ]);
  });
});

describe('SpotBook cancel', () => {
  it('cancels a partly filled order, reporting filled and released quantity', () => {
    const book = new SpotBook();
    const maker = limit('sell', 100, 5);
    place(book, maker);
    place(book, market('buy', 2));
    const out: SpotEvent[] = [];
    expect(book.cancel(maker.id, out)).toBe(true);
    expect(out).toEqual([
      { type: 'done', id: maker.id, reason: 'cancelled', filled: u(2), remaining: u(3) },
    ]);
    expect(book.bestAsk()).toBeUndefined();
    expect(book.size).toBe(0);
  });

  it('answers false and pushes nothing for unknown and finished ids', () => {
    const book = new SpotBook();
    const maker = limit('sell', 100, 1);
    place(book, maker);
    place(book, market('buy', 1));
    const out: SpotEvent[] = [];
    expect(book.cancel(maker.id, out)).toBe(false);
    expect(book.cancel(123_456, out)).toBe(false);
    expect(out).toEqual([]);
  });

  it('removes from the middle of a deep queue without disturbing the order of the rest', () => {
    const book = new SpotBook();
    const ids: number[] = [];
    for (let i = 0; i < 10_000; i++) {
      const order = limit('buy', 100, 1, i);
      ids.push(order.id);
      place(book, order);
    }
    const out: SpotEvent[] = [];
    for (let i = 1; i < ids.length; i += 2) book.cancel(ids[i]!, out);
    expect(out).toHaveLength(5_000);
    expect(book.depth(1).bids).toEqual([[u(100), u(5_000)]]);
    const events = place(book, market('sell', 3, -1));
    expect(trades(events).map((t) => t.makerId)).toEqual([ids[0], ids[2], ids[4]]);
    expect(book.snapshot().bids[0]!.id).toBe(ids[6]);
  });
});

describe('SpotBook validation', () => {
  it('rejects a duplicate id, whether resting, finished or simply not new', () => {
    const book = new SpotBook();
    const resting = limit('buy', 100, 1);
    place(book, resting);
    expect(place(book, { ...resting, price: u(90) })).toEqual([
      { type: 'rejected', id: resting.id, reason: 'duplicate-id' },
    ]);
    const filled = limit('sell', 100, 1, 2);
    place(book, filled);
    expect(place(book, { ...filled })).toEqual([
      { type: 'rejected', id: filled.id, reason: 'duplicate-id' },
    ]);
    expect(place(book, { ...resting, id: resting.id - 1 })[0]).toMatchObject({
      reason: 'duplicate-id',
    });
    expect(book.lastId).toBe(filled.id);
  });

  it.each([
    ['zero id', { type: 'limit', id: 0, owner: 1, side: 'buy', price: 1, quantity: 1 }],
    [
      'fractional price',
      { type: 'limit', id: 10 ** 9, owner: 1, side: 'buy', price: 1.5, quantity: 1 },
    ],
    [
      'negative quantity',
      { type: 'limit', id: 10 ** 9 + 1, owner: 1, side: 'sell', price: 1, quantity: -1 },
    ],
    [
      'unsafe quantity',
      { type: 'limit', id: 10 ** 9 + 2, owner: 1, side: 'sell', price: 1, quantity: 2 ** 53 },
    ],
    ['missing price', { type: 'limit', id: 10 ** 9 + 3, owner: 1, side: 'buy', quantity: 1 }],
    ['bad side', { type: 'limit', id: 10 ** 9 + 4, owner: 1, side: 'hold', price: 1, quantity: 1 }],
    [
      'bad owner',
      { type: 'limit', id: 10 ** 9 + 5, owner: 'x', side: 'buy', price: 1, quantity: 1 },
    ],
    ['bad type', { type: 'stop', id: 10 ** 9 + 6, owner: 1, side: 'buy', price: 1, quantity: 1 }],
    ['market without size', { type: 'market', id: 10 ** 9 + 7, owner: 1, side: 'buy' }],
  ])('rejects %s as invalid without touching the book', (_name, order) => {
    const book = new SpotBook();
    place(book, { type: 'limit', id: 1, owner: 5, side: 'sell', price: 1, quantity: 1 });
    const before = book.serialize();
    expect(place(book, order as unknown as SpotOrder)).toEqual([
      { type: 'rejected', id: order.id, reason: 'invalid' },
    ]);
    expect(book.snapshot().asks).toEqual(JSON.parse(before).asks);
  });
});
