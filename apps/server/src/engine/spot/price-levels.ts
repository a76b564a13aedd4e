import { OrderQueue } from './queue';
import type { DepthLevel } from './types';

/**
 * The active price levels of one side, as a sorted array with the BEST level LAST.
 *
 * Best-last makes the two hottest operations O(1): reading the best level and dropping it when a
 * taker empties it (pop). A level is found by binary search (O(log n)). Adding or dropping a level
 * elsewhere shifts the levels behind it (a memmove over the level count, not the order count;
 * books keep hundreds to a few thousand levels, where this beats a tree's pointer chasing). Keys
 * are `price` for bids and `-price` for asks so one ascending order serves both sides.
 */
export class PriceLevels {
  private readonly keys: number[] = [];
  private readonly queues: OrderQueue[] = [];
  /** Empty queues kept for reuse: levels come and go at the top of the book all the time. */
  private readonly spare: OrderQueue[] = [];

  constructor(private readonly sign: 1 | -1) {}

  get size(): number {
    return this.queues.length;
  }

  best(): OrderQueue | undefined {
    return this.queues[this.queues.length - 1];
  }

  /** The level `rank` steps behind the best (0 = best). */
  at(rank: number): OrderQueue | undefined {
    return this.queues[this.queues.length - 1 - rank];
  }

  find(price: number): OrderQueue | undefined {
    const key = price * this.sign;
    const i = this.lowerBound(key);
    return this.keys[i] === key ? this.queues[i] : undefined;
  }

  getOrCreate(price: number): OrderQueue {
    const key = price * this.sign;
    const keys = this.keys;
    const n = keys.length;
    // A new best level (the common case for orders placed at the top) is a push.
    if (n === 0 || key > keys[n - 1]!) {
      const queue = this.newQueue(price);
      keys.push(key);
      this.queues.push(queue);
      return queue;
    }
    const i = this.lowerBound(key);
    if (keys[i] === key) return this.queues[i]!;
    const queue = this.newQueue(price);
    keys.splice(i, 0, key);
    this.queues.splice(i, 0, queue);
    return queue;
  }

  /** Drops an empty level. */
  remove(queue: OrderQueue): void {
    const key = queue.price * this.sign;
    const last = this.keys.length - 1;
    if (this.keys[last] === key) {
      this.keys.pop();
      this.queues.pop();
    } else {
      const i = this.lowerBound(key);
      this.keys.splice(i, 1);
      this.queues.splice(i, 1);
    }
    if (this.spare.length < 1024) this.spare.push(queue);
  }

  depth(levels: number): DepthLevel[] {
    const n = Math.max(0, Math.min(levels, this.queues.length)) || 0; // NaN or negative: none
    const out: DepthLevel[] = new Array<DepthLevel>(n);
    for (let rank = 0; rank < n; rank++) {
      const queue = this.at(rank)!;
      out[rank] = [queue.price, queue.total];
    }
    return out;
  }

  /** First index whose key is >= key. */
  private lowerBound(key: number): number {
    const keys = this.keys;
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keys[mid]! < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private newQueue(price: number): OrderQueue {
    const queue = this.spare.pop();
    if (queue === undefined) return new OrderQueue(price);
    queue.price = price;
    return queue;
  }
}
