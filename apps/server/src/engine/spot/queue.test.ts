import { describe, expect, it } from 'vitest';
import { NodePool, OrderNode, OrderQueue } from './queue';

const ids = (queue: OrderQueue) => {
  const list: number[] = [];
  for (let n = queue.head; n !== null; n = n.next) list.push(n.id);
  return list;
};

describe('OrderQueue', () => {
  it('appends in time order and removes from head, middle and tail in O(1)', () => {
    const queue = new OrderQueue(100);
    const nodes = [1, 2, 3, 4, 5].map((id) => new OrderNode(id, 0, 'sell', 100, id, id));
    nodes.forEach((n) => queue.push(n));
    expect(ids(queue)).toEqual([1, 2, 3, 4, 5]);
    queue.remove(nodes[2]!);
    queue.remove(nodes[0]!);
    queue.remove(nodes[4]!);
    expect(ids(queue)).toEqual([2, 4]);
    expect([queue.total, queue.count, queue.tail?.id]).toEqual([6, 2, 4]);
    queue.remove(nodes[1]!);
    queue.remove(nodes[3]!);
    expect([queue.head, queue.tail, queue.total, queue.count]).toEqual([null, null, 0, 0]);
  });
});

describe('NodePool', () => {
  it('hands back recycled nodes fully reset, and stops keeping them at its cap', () => {
    const pool = new NodePool(1);
    const a = pool.take(1, 1, 'buy', 10, 5, 5);
    const b = pool.take(2, 1, 'buy', 10, 5, 5);
    pool.give(a);
    pool.give(b);
    const c = pool.take(3, 2, 'sell', 11, 7, 6);
    expect(c).toBe(a);
    expect(c).toMatchObject({
      id: 3,
      owner: 2,
      side: 'sell',
      price: 11,
      quantity: 7,
      remaining: 6,
      next: null,
    });
    expect(pool.take(4, 1, 'buy', 1, 1, 1)).not.toBe(b);
  });
});
