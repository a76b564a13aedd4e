import { describe, expect, it } from 'vitest';
import { SpotBook } from './order-book';
import { last, limit, market, newId, place, trades, u } from './test-orders';

describe('SpotBook limit orders', () => {
  it('rests an order that does not cross', () => {
    const book = new SpotBook();
    const order = limit('buy', 100, 2);
    expect(place(book, order)).toEqual([
      { type: 'accepted', id: order.id },
      { type: 'rested', id: order.id, price: u(100), remaining: u(2) },
    ]);
    expect(book.bestBid()).toBe(u(100));
    expect(book.bestAsk()).toBeUndefined();
    expect(book.order(order.id)).toEqual({
      id: order.id,
      owner: 1,
      side: 'buy',
      price: u(100),
      quantity: u(2),
      remaining: u(2),
    });
  });

  it('fills across several levels at the makers’ prices, then rests the rest', () => {
    const book = new SpotBook();
    const a = limit('sell', 101, 1);
    const b = limit('sell', 100, 1);
    const c = limit('sell', 102, 5);
    [a, b, c].forEach((o) => place(book, o));
    const taker = limit('buy', 101.5, 3, 2);
    const events = place(book, taker);
    expect(events).toEqual([
      { type: 'accepted', id: taker.id },
      {
        type: 'trade',
        makerId: b.id,
        takerId: taker.id,
        makerOwner: 1,
        takerOwner: 2,
        takerSide: 'buy',
        price: u(100),
        quantity: u(1),
        quote: BigInt(u(100)),
      },
      { type: 'done', id: b.id, reason: 'filled', filled: u(1), remaining: 0 },
      expect.objectContaining({ type: 'trade', makerId: a.id, price: u(101), quantity: u(1) }),
      { type: 'done', id: a.id, reason: 'filled', filled: u(1), remaining: 0 },
      { type: 'rested', id: taker.id, price: u(101.5), remaining: u(1) },
    ]);
    expect(book.depth(5)).toEqual({ bids: [[u(101.5), u(1)]], asks: [[u(102), u(5)]] });
  });

  it('gives a crossing taker the better (maker) price: price improvement', () => {
    const book = new SpotBook();
    place(book, limit('buy', 99, 1));
    const events = place(book, limit('sell', 90, 1, 2));
    expect(trades(events).map((t) => t.price)).toEqual([u(99)]);
    expect(trades(events)[0]!.quote).toBe(99n * 100_000_000n);
  });

  it('fills makers at one price in time order and leaves a partly filled maker at the front', () => {
    const book = new SpotBook();
    const first = limit('sell', 100, 2);
    const second = limit('sell', 100, 2, 3);
    place(book, first);
    place(book, second);
    const events = place(book, limit('buy', 100, 3, 2));
    expect(trades(events).map((t) => [t.makerId, t.quantity])).toEqual([
      [first.id, u(2)],
      [second.id, u(1)],
    ]);
    expect(last(events)).toMatchObject({ type: 'done', reason: 'filled', filled: u(3) });
    expect(book.order(second.id)?.remaining).toBe(u(1));
    expect(book.snapshot().asks.map((o) => o.id)).toEqual([second.id]);
  });

  it('keeps time priority behind orders placed earlier at the same price', () => {
    const book = new SpotBook();
    const early = limit('buy', 100, 1);
    const later = limit('buy', 100, 1, 3);
    place(book, early);
    place(book, later);
    const events = place(book, market('sell', 1));
    expect(trades(events)[0]!.makerId).toBe(early.id);
  });

  it('reports the exact quote of an uneven fill, rounded down', () => {
    const book = new SpotBook();
    // 1.00000001 x 0.50000001 = 0.5000000150000001: 50000001 units and a sub-unit remainder.
    place(book, {
      type: 'limit',
      id: newId(),
      owner: 1,
      side: 'sell',
      price: 100_000_001,
      quantity: 50_000_001,
    });
    const events = place(book, market('buy', 1));
    expect(trades(events)[0]!.quote).toBe(50_000_001n);
  });

  it('computes quotes beyond 2^53 exactly', () => {
    const book = new SpotBook();
    const price = 9_000_000_000_000_000; // 90,000,000.00000000 per unit
    const quantity = 7_000_000_000_000_001;
    place(book, { type: 'limit', id: newId(), owner: 1, side: 'sell', price, quantity });
    const events = place(book, { type: 'market', id: newId(), owner: 2, side: 'buy', quantity });
    expect(trades(events)[0]!.quote).toBe((BigInt(price) * BigInt(quantity)) / 100_000_000n);
  });
});

describe('SpotBook market orders', () => {
  it('is rejected with no-liquidity when the other side is empty', () => {
    const book = new SpotBook();
    place(book, limit('buy', 100, 1));
    const order = market('buy', 1);
    expect(place(book, order)).toEqual([
      { type: 'rejected', id: order.id, reason: 'no-liquidity' },
    ]);
  });

  it('reports and releases what the book could not fill, never resting', () => {
    const book = new SpotBook();
    place(book, limit('sell', 100, 1));
    place(book, limit('sell', 105, 1));
    const order = market('buy', 3);
    const events = place(book, order);
    expect(trades(events)).toHaveLength(2);
    expect(last(events)).toEqual({
      type: 'done',
      id: order.id,
      reason: 'market-remainder',
      filled: u(2),
      remaining: u(1),
    });
    expect(book.order(order.id)).toBeUndefined();
    expect(book.depth(10)).toEqual({ bids: [], asks: [] });
  });

  it('sells into the bids best first', () => {
    const book = new SpotBook();
    place(book, limit('buy', 98, 1));
    place(book, limit('buy', 99, 1));
    const events = place(book, market('sell', 1.5));
    expect(trades(events).map((t) => [t.price, t.quantity])).toEqual([
      [u(99), u(1)],
      [u(98), u(0.5)],
    ]);
    expect(last(events)).toMatchObject({ reason: 'filled', filled: u(1.5), remaining: 0 });
  });
});

describe('SpotBook queries', () => {
  it('aggregates depth per price, best first, limited to the levels asked for', () => {
    const book = new SpotBook();
    place(book, limit('buy', 99, 1));
    place(book, limit('buy', 100, 2));
    place(book, limit('buy', 99, 3));
    place(book, limit('buy', 98, 1));
    place(book, limit('sell', 102, 1));
    place(book, limit('sell', 101, 4));
    expect(book.depth(2)).toEqual({
      bids: [
        [u(100), u(2)],
        [u(99), u(4)],
      ],
      asks: [
        [u(101), u(4)],
        [u(102), u(1)],
      ],
    });
    expect(book.depth(0)).toEqual({ bids: [], asks: [] });
    expect(book.depth(-1)).toEqual({ bids: [], asks: [] });
    expect(book.depth(NaN)).toEqual({ bids: [], asks: [] });
  });

  it('answers a copy from order(id), so callers cannot change the book', () => {
    const book = new SpotBook();
    const order = limit('buy', 100, 1);
    place(book, order);
    const copy = book.order(order.id) as { remaining: number };
    copy.remaining = 0;
    expect(book.order(order.id)?.remaining).toBe(u(1));
  });
});
