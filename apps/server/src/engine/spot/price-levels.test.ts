import { describe, expect, it } from 'vitest';
import { PriceLevels } from './price-levels';
import { OrderNode } from './queue';

const node = (id: number, remaining: number) =>
  new OrderNode(id, 1, 'buy', 0, remaining, remaining);

describe('PriceLevels', () => {
  it('keeps bids best (highest) first whatever the insertion order', () => {
    const bids = new PriceLevels(1);
    for (const price of [5, 9, 1, 7, 3, 9, 5]) bids.getOrCreate(price).push(node(price, 1));
    expect(bids.depth(10)).toEqual([
      [9, 2],
      [7, 1],
      [5, 2],
      [3, 1],
      [1, 1],
    ]);
    expect(bids.best()?.price).toBe(9);
    expect(bids.find(4)).toBeUndefined();
    expect(bids.find(7)?.total).toBe(1);
  });

  it('keeps asks best (lowest) first and drops levels anywhere', () => {
    const asks = new PriceLevels(-1);
    for (const price of [5, 9, 1, 7]) asks.getOrCreate(price);
    asks.remove(asks.find(7)!);
    asks.remove(asks.best()!);
    expect(asks.depth(10).map(([price]) => price)).toEqual([5, 9]);
    expect(asks.size).toBe(2);
  });

  it('reuses a dropped level as a clean queue', () => {
    const asks = new PriceLevels(-1);
    const queue = asks.getOrCreate(4);
    const n = node(1, 3);
    queue.push(n);
    queue.remove(n);
    asks.remove(queue);
    const again = asks.getOrCreate(6);
    expect(again).toBe(queue);
    expect([again.price, again.total, again.count, again.head, again.tail]).toEqual([
      6,
      0,
      0,
      null,
      null,
    ]);
  });
});
