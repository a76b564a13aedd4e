import type { Side } from './types';

/**
 * A resting order. Internal and mutable: the book recycles nodes, so one is never handed out
 * (queries answer copies). The queue links are intrusive so that removing any order, wherever it
 * stands in a long queue, is O(1) and allocates nothing.
 */
export class OrderNode {
  prev: OrderNode | null = null;
  next: OrderNode | null = null;
  queue: OrderQueue | null = null;

  constructor(
    public id: number,
    public owner: number,
    public side: Side,
    public price: number,
    /** As placed; `quantity - remaining` is what has filled. */
    public quantity: number,
    public remaining: number,
  ) {}
}

/** One price level: a FIFO of resting orders (time priority) with its aggregate quantity. */
export class OrderQueue {
  head: OrderNode | null = null;
  tail: OrderNode | null = null;
  /** Sum of the orders' remaining quantity, kept so depth() never walks a queue. */
  total = 0;
  count = 0;

  constructor(public price: number) {}

  push(node: OrderNode): void {
    node.queue = this;
    node.prev = this.tail;
    node.next = null;
    if (this.tail === null) this.head = node;
    else this.tail.next = node;
    this.tail = node;
    this.total += node.remaining;
    this.count++;
  }

  /** Unlinks a node from anywhere in the queue; its remaining quantity leaves the total. */
  remove(node: OrderNode): void {
    const { prev, next } = node;
    if (prev === null) this.head = next;
    else prev.next = next;
    if (next === null) this.tail = prev;
    else next.prev = prev;
    node.prev = null;
    node.next = null;
    node.queue = null;
    this.total -= node.remaining;
    this.count--;
  }
}

/**
 * Recycled nodes, so a busy book does not keep promoting short-lived orders into the old
 * generation (each one a later major-GC pause). Capped so a burst does not pin memory forever.
 */
export class NodePool {
  private free: OrderNode | null = null;
  private size = 0;

  constructor(private readonly cap = 1 << 16) {}

  take(id: number, owner: number, side: Side, price: number, quantity: number, remaining: number) {
    const node = this.free;
    if (node === null) return new OrderNode(id, owner, side, price, quantity, remaining);
    this.free = node.next;
    this.size--;
    node.next = null;
    node.id = id;
    node.owner = owner;
    node.side = side;
    node.price = price;
    node.quantity = quantity;
    node.remaining = remaining;
    return node;
  }

  /** The node must already be out of its queue and out of the id map. */
  give(node: OrderNode): void {
    if (this.size >= this.cap) return;
    node.next = this.free;
    this.free = node;
    this.size++;
  }
}
