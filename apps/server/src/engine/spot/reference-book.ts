import type {
  DoneReason,
  RestingOrder,
  Side,
  SpotBookSnapshot,
  SpotEvent,
  SpotOrder,
} from './types';

interface Resting {
  id: number;
  owner: number;
  side: Side;
  price: number;
  quantity: number;
  remaining: number;
}

const positive = (n: unknown): boolean => Number.isSafeInteger(n) && (n as number) > 0;
const UNIT = 100_000_000n;

/**
 * Test oracle only, never used at runtime: the rules of types.ts written the obvious way (one array,
 * a linear scan for the best maker on every fill), so the property tests can compare the real
 * engine's events with it command by command.
 */
export class ReferenceBook {
  private resting: Resting[] = [];
  private lastId = 0;

  place(order: SpotOrder, out: SpotEvent[]): void {
    const { id, owner, side } = order;
    if (!positive(id)) return void out.push({ type: 'rejected', id, reason: 'invalid' });
    if (id <= this.lastId) return void out.push({ type: 'rejected', id, reason: 'duplicate-id' });
    this.lastId = id;
    const sideOk = side === 'buy' || side === 'sell';
    const byQuote = order.type === 'market' && order.quoteAmount !== undefined;
    const sized = byQuote
      ? side === 'buy' &&
        order.quantity === undefined &&
        positive(order.quoteAmount) &&
        (order.lot === undefined || positive(order.lot))
      : positive(order.quantity) && (order.type === 'market' || positive(order.price));
    if (!Number.isSafeInteger(owner) || !sideOk || !sized) {
      return void out.push({ type: 'rejected', id, reason: 'invalid' });
    }
    const limit = order.type === 'limit' ? order.price : side === 'buy' ? Infinity : 0;
    const lot = BigInt((byQuote && order.lot) || 1);
    const first = this.bestMaker(side, limit);
    if (order.type === 'market') {
      const reachable = byQuote
        ? first !== undefined && BigInt(order.quoteAmount!) * UNIT >= BigInt(first.price) * lot
        : first !== undefined;
      if (!reachable) return void out.push({ type: 'rejected', id, reason: 'no-liquidity' });
    }
    out.push({ type: 'accepted', id });
    let left = byQuote ? 0 : order.quantity!;
    let budget = byQuote ? BigInt(order.quoteAmount!) * UNIT : 0n;
    let spent = 0n;
    let filled = 0;
    let stop: DoneReason | undefined;
    for (;;) {
      if (!byQuote && left === 0) break;
      const maker = this.bestMaker(side, limit);
      if (maker === undefined) break;
      if (maker.owner === owner) {
        stop = 'self-trade';
        break;
      }
      let quantity = Math.min(left, maker.remaining);
      if (byQuote) {
        const most = (budget / (BigInt(maker.price) * lot)) * lot;
        quantity = Number(most < BigInt(maker.remaining) ? most : BigInt(maker.remaining));
        if (quantity === 0) {
          stop = 'filled';
          break;
        }
        budget -= BigInt(maker.price) * BigInt(quantity);
      }
      const quote = (BigInt(maker.price) * BigInt(quantity)) / UNIT;
      spent += quote;
      filled += quantity;
      left -= quantity;
      maker.remaining -= quantity;
      out.push({
        type: 'trade',
        makerId: maker.id,
        takerId: id,
        makerOwner: maker.owner,
        takerOwner: owner,
        takerSide: side,
        price: maker.price,
        quantity,
        quote,
      });
      if (maker.remaining === 0) {
        this.resting = this.resting.filter((o) => o !== maker);
        out.push({
          type: 'done',
          id: maker.id,
          reason: 'filled',
          filled: maker.quantity,
          remaining: 0,
        });
      } else if (byQuote) {
        stop = 'filled';
        break;
      }
    }
    if (byQuote) {
      const unspent = order.quoteAmount! - Number(spent);
      const reason = unspent === 0 ? 'filled' : (stop ?? 'market-remainder');
      return void out.push({ type: 'done', id, reason, filled, remaining: unspent });
    }
    const quantity = order.quantity!;
    if (left === 0) {
      out.push({ type: 'done', id, reason: 'filled', filled: quantity, remaining: 0 });
    } else if (stop === 'self-trade' || order.type === 'market') {
      const reason = stop ?? 'market-remainder';
      out.push({ type: 'done', id, reason, filled: quantity - left, remaining: left });
    } else {
      this.resting.push({ id, owner, side, price: limit, quantity, remaining: left });
      out.push({ type: 'rested', id, price: limit, remaining: left });
    }
  }

  cancel(id: number, out: SpotEvent[]): boolean {
    const order = this.resting.find((o) => o.id === id);
    if (order === undefined) return false;
    this.resting = this.resting.filter((o) => o !== order);
    const { quantity, remaining } = order;
    out.push({ type: 'done', id, reason: 'cancelled', filled: quantity - remaining, remaining });
    return true;
  }

  snapshot(): SpotBookSnapshot {
    const copy = ({ id, owner, side, price, quantity, remaining }: Resting): RestingOrder => ({
      id,
      owner,
      side,
      price,
      quantity,
      remaining,
    });
    // Array order is arrival order, so a stable sort by price alone keeps time priority.
    const bids = this.resting.filter((o) => o.side === 'buy').sort((a, b) => b.price - a.price);
    const asks = this.resting.filter((o) => o.side === 'sell').sort((a, b) => a.price - b.price);
    return { version: 1, lastId: this.lastId, bids: bids.map(copy), asks: asks.map(copy) };
  }

  private bestMaker(takerSide: Side, limit: number): Resting | undefined {
    let best: Resting | undefined;
    for (const o of this.resting) {
      if (o.side === takerSide) continue;
      if (takerSide === 'buy' ? o.price > limit : o.price < limit) continue;
      const better =
        best === undefined || (takerSide === 'buy' ? o.price < best.price : o.price > best.price);
      if (better) best = o;
    }
    return best;
  }
}
