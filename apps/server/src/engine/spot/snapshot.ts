import type { OrderNode } from './queue';
import type { RestingOrder, Side, SpotBookSnapshot } from './types';

export class InvalidSnapshotError extends Error {
  constructor(reason: string) {
    super(`invalid spot book snapshot: ${reason}`);
    this.name = 'InvalidSnapshotError';
  }
}

/** Key order is fixed here, which is what makes serialize() byte-for-byte stable. */
export const restingOrder = (node: OrderNode): RestingOrder => ({
  id: node.id,
  owner: node.owner,
  side: node.side,
  price: node.price,
  quantity: node.quantity,
  remaining: node.remaining,
});

const positive = (n: unknown): boolean => Number.isSafeInteger(n) && (n as number) > 0;

/**
 * Refuses a snapshot the engine could not have produced, so a damaged file stops the restart
 * instead of silently trading on a wrong book.
 */
export function checkSnapshot(snapshot: SpotBookSnapshot): void {
  if (typeof snapshot !== 'object' || snapshot === null || snapshot.version !== 1) {
    throw new InvalidSnapshotError('unknown version');
  }
  const { lastId, bids, asks } = snapshot;
  if (!Number.isSafeInteger(lastId) || lastId < 0) throw new InvalidSnapshotError('lastId');
  if (!Array.isArray(bids) || !Array.isArray(asks)) throw new InvalidSnapshotError('sides');
  const seen = new Set<number>();
  checkSide(bids, 'buy', lastId, seen);
  checkSide(asks, 'sell', lastId, seen);
  const bestBid = bids[0];
  const bestAsk = asks[0];
  if (bestBid !== undefined && bestAsk !== undefined && bestBid.price >= bestAsk.price) {
    throw new InvalidSnapshotError('crossed book');
  }
}

function checkSide(
  orders: readonly RestingOrder[],
  side: Side,
  lastId: number,
  seen: Set<number>,
): void {
  let previous: RestingOrder | undefined;
  for (const order of orders) {
    const { id, owner, price, quantity, remaining } = order;
    if (!positive(id) || id > lastId || seen.has(id)) throw new InvalidSnapshotError(`id ${id}`);
    seen.add(id);
    const fieldsOk =
      order.side === side &&
      Number.isSafeInteger(owner) &&
      positive(price) &&
      positive(quantity) &&
      positive(remaining) &&
      remaining <= quantity;
    if (!fieldsOk) throw new InvalidSnapshotError(`order ${id}`);
    if (previous !== undefined) {
      const worse = side === 'buy' ? price < previous.price : price > previous.price;
      // Orders never move once resting and ids increase, so within a price time order is id order.
      const later = price === previous.price && id > previous.id;
      if (!worse && !later) throw new InvalidSnapshotError(`order ${id} out of priority order`);
    }
    previous = order;
  }
}
