import { describe, expect, it } from 'vitest';
import { SpotBook } from './order-book';
import { InvalidSnapshotError } from './snapshot';
import type { RestingOrder, SpotBookSnapshot, SpotEvent } from './types';

function sampleBook(): SpotBook {
  const book = new SpotBook();
  const out: SpotEvent[] = [];
  let id = 1;
  for (const [side, price, quantity] of [
    ['buy', 100, 5],
    ['buy', 101, 1],
    ['buy', 100, 2],
    ['sell', 103, 4],
    ['sell', 105, 1],
    ['sell', 103, 6],
  ] as const) {
    book.place({ type: 'limit', id: id++, owner: id % 3, side, price, quantity }, out);
  }
  book.place({ type: 'market', id, owner: 9, side: 'sell', quantity: 2 }, out);
  return book;
}

const order = (o: Partial<RestingOrder> & Pick<RestingOrder, 'id' | 'side' | 'price'>) => ({
  owner: 1,
  quantity: 5,
  remaining: 5,
  ...o,
});

describe('SpotBook snapshot and restore', () => {
  it('lists resting orders in exact priority order', () => {
    const snapshot = sampleBook().snapshot();
    expect(snapshot.lastId).toBe(7);
    expect(snapshot.bids.map((o) => [o.id, o.price, o.remaining])).toEqual([
      [1, 100, 4],
      [3, 100, 2],
    ]);
    expect(snapshot.asks.map((o) => [o.id, o.price])).toEqual([
      [4, 103],
      [6, 103],
      [5, 105],
    ]);
    expect(snapshot.bids[0]).toEqual({
      id: 1,
      owner: 2,
      side: 'buy',
      price: 100,
      quantity: 5,
      remaining: 4,
    });
  });

  it('restores an identical book that behaves identically', () => {
    const original = sampleBook();
    const copy = SpotBook.restore(JSON.parse(original.serialize()) as SpotBookSnapshot);
    expect(copy.serialize()).toBe(original.serialize());
    expect(copy.depth(10)).toEqual(original.depth(10));
    const a: SpotEvent[] = [];
    const b: SpotEvent[] = [];
    for (const book of [original, copy]) {
      const out = book === original ? a : b;
      book.place({ type: 'market', id: 8, owner: 4, side: 'buy', quantity: 7 }, out);
      book.place({ type: 'limit', id: 7, owner: 4, side: 'buy', price: 1, quantity: 1 }, out);
      book.cancel(1, out);
    }
    expect(b).toEqual(a);
    expect(a[a.length - 2]).toMatchObject({ type: 'rejected', reason: 'duplicate-id' });
    expect(a[a.length - 1]).toEqual({
      type: 'done',
      id: 1,
      reason: 'cancelled',
      filled: 1,
      remaining: 4,
    });
  });

  it('serializes identical books to identical strings and different books differently', () => {
    expect(sampleBook().serialize()).toBe(sampleBook().serialize());
    const other = sampleBook();
    other.cancel(3, []);
    expect(other.serialize()).not.toBe(sampleBook().serialize());
  });

  it.each<[string, Partial<SpotBookSnapshot>]>([
    [
      'a crossed book',
      {
        bids: [order({ id: 1, side: 'buy', price: 5 })],
        asks: [order({ id: 2, side: 'sell', price: 5 })],
      },
    ],
    [
      'bids out of price order',
      { bids: [order({ id: 1, side: 'buy', price: 4 }), order({ id: 2, side: 'buy', price: 5 })] },
    ],
    [
      'time order broken within a price',
      { bids: [order({ id: 2, side: 'buy', price: 5 }), order({ id: 1, side: 'buy', price: 5 })] },
    ],
    [
      'a duplicate id',
      {
        bids: [order({ id: 1, side: 'buy', price: 5 })],
        asks: [order({ id: 1, side: 'sell', price: 6 })],
      },
    ],
    ['an id above lastId', { bids: [order({ id: 11, side: 'buy', price: 5 })] }],
    ['an order on the wrong side', { asks: [order({ id: 1, side: 'buy', price: 5 })] }],
    ['remaining above quantity', { bids: [order({ id: 1, side: 'buy', price: 5, remaining: 6 })] }],
    ['nothing remaining', { bids: [order({ id: 1, side: 'buy', price: 5, remaining: 0 })] }],
    ['an unknown version', { version: 2 as 1 }],
  ])('refuses %s', (_name, patch) => {
    const snapshot: SpotBookSnapshot = { version: 1, lastId: 10, bids: [], asks: [], ...patch };
    expect(() => SpotBook.restore(snapshot)).toThrow(InvalidSnapshotError);
  });
});
