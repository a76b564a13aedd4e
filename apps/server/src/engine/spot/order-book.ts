import { accepted, done, rejected, rested, trade } from './events';
import { IdMap } from './id-map';
import { PriceLevels } from './price-levels';
import { NodePool, type OrderNode, type OrderQueue } from './queue';
import { affordable, budgetOf, quoteOf, UNITS_PER_WHOLE } from './quote';
import { checkSnapshot, restingOrder } from './snapshot';
import type {
  BookDepth,
  DoneReason,
  LimitOrder,
  MarketBuyByQuote,
  MarketOrder,
  RestingOrder,
  Side,
  SpotBookSnapshot,
  SpotEvent,
  SpotOrder,
} from './types';

const positive = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) > 0;

/**
 * The order book of one symbol in one book (demo or real), with price-time priority matching.
 *
 * Pure and deterministic: no I/O, clock or randomness, so the same commands always give the same
 * events and the same book, which is what makes a command log replayable after a restart.
 * Commands push their events into the caller's array (see types.ts for the sequences).
 */
export class SpotBook {
  private readonly bids = new PriceLevels(1);
  private readonly asks = new PriceLevels(-1);
  private readonly orders = new IdMap<OrderNode>();
  private readonly pool = new NodePool();
  private highestId = 0;
  /** Set by take(): it stopped at an order of the taker's own owner (no result object per call). */
  private selfTrade = false;

  /** Rebuilds a book from snapshot(); throws InvalidSnapshotError for anything it could not be. */
  static restore(snapshot: SpotBookSnapshot): SpotBook {
    checkSnapshot(snapshot);
    const book = new SpotBook();
    book.highestId = snapshot.lastId;
    book.load(snapshot.bids, book.bids);
    book.load(snapshot.asks, book.asks);
    return book;
  }

  /** The highest order id seen; a new order needs a greater one. */
  get lastId(): number {
    return this.highestId;
  }

  /** Number of resting orders. */
  get size(): number {
    return this.orders.size;
  }

  place(order: SpotOrder, out: SpotEvent[]): void {
    const id = order.id;
    if (!positive(id)) return void out.push(rejected(id, 'invalid'));
    // Ids only increase, so one at or below the watermark is a replay even if long finished.
    if (id <= this.highestId) return void out.push(rejected(id, 'duplicate-id'));
    this.highestId = id;
    if (!Number.isSafeInteger(order.owner) || (order.side !== 'buy' && order.side !== 'sell')) {
      return void out.push(rejected(id, 'invalid'));
    }
    if (order.type === 'limit') this.placeLimit(order, out);
    else if (order.type !== 'market') out.push(rejected(id, 'invalid'));
    else if (order.quoteAmount === undefined) this.placeMarket(order, out);
    else this.placeMarketByQuote(order, out);
  }

  /** Takes a resting order out. Answers false, pushing nothing, for an unknown or finished id. */
  cancel(id: number, out: SpotEvent[]): boolean {
    const node = this.orders.get(id);
    if (node === undefined) return false;
    this.orders.delete(id);
    const queue = node.queue!;
    queue.remove(node);
    if (queue.count === 0) this.side(node.side).remove(queue);
    out.push(done(id, 'cancelled', node.quantity - node.remaining, node.remaining));
    this.pool.give(node);
    return true;
  }

  bestBid(): number | undefined {
    return this.bids.best()?.price;
  }

  bestAsk(): number | undefined {
    return this.asks.best()?.price;
  }

  /** Aggregated quantity per price, best first, at most `levels` per side. */
  depth(levels: number): BookDepth {
    return { bids: this.bids.depth(levels), asks: this.asks.depth(levels) };
  }

  /** A copy of a resting order, or undefined once it has finished. */
  order(id: number): RestingOrder | undefined {
    const node = this.orders.get(id);
    return node === undefined ? undefined : restingOrder(node);
  }

  /** Resting orders in exact priority order: per side, best price first, then time order. */
  snapshot(): SpotBookSnapshot {
    return {
      version: 1,
      lastId: this.highestId,
      bids: this.list(this.bids),
      asks: this.list(this.asks),
    };
  }

  /** Identical books serialize to identical strings (the restart test compares these). */
  serialize(): string {
    return JSON.stringify(this.snapshot());
  }

  private placeLimit(order: LimitOrder, out: SpotEvent[]): void {
    const { id, owner, side, price, quantity } = order;
    if (!positive(price) || !positive(quantity)) return void out.push(rejected(id, 'invalid'));
    out.push(accepted(id));
    const left = this.take(id, owner, side, price, quantity, out);
    if (left === 0) out.push(done(id, 'filled', quantity, 0));
    else if (this.selfTrade) out.push(done(id, 'self-trade', quantity - left, left));
    else {
      const node = this.pool.take(id, owner, side, price, quantity, left);
      this.side(side).getOrCreate(price).push(node);
      this.orders.set(id, node);
      out.push(rested(id, price, left));
    }
  }

  private placeMarket(order: MarketOrder, out: SpotEvent[]): void {
    const { id, owner, side, quantity } = order;
    if (!positive(quantity)) return void out.push(rejected(id, 'invalid'));
    if (this.opposite(side).size === 0) return void out.push(rejected(id, 'no-liquidity'));
    out.push(accepted(id));
    const left = this.take(id, owner, side, side === 'buy' ? Infinity : 0, quantity, out);
    const reason = left === 0 ? 'filled' : this.selfTrade ? 'self-trade' : 'market-remainder';
    out.push(done(id, reason, quantity - left, left));
  }

  /**
   * Matches a taker against the opposite side while it crosses `limit`; answers what is left.
   * Stops early (setting selfTrade) at a resting order of the taker's own owner.
   */
  private take(
    takerId: number,
    owner: number,
    side: Side,
    limit: number,
    quantity: number,
    out: SpotEvent[],
  ): number {
    const buying = side === 'buy';
    const book = buying ? this.asks : this.bids;
    let left = quantity;
    this.selfTrade = false;
    while (left > 0) {
      const level = book.best();
      if (level === undefined) break;
      const price = level.price;
      if (buying ? price > limit : price < limit) break;
      let maker = level.head;
      while (maker !== null && left > 0) {
        if (maker.owner === owner) {
          this.selfTrade = true;
          break;
        }
        const traded = maker.remaining < left ? maker.remaining : left;
        left -= traded;
        const next = maker.next; // read first: fill() may recycle the maker
        this.fill(level, maker, traded, takerId, owner, side, quoteOf(price, traded), out);
        maker = next;
      }
      if (level.count === 0) book.remove(level);
      if (this.selfTrade) break;
    }
    return left;
  }

  /**
   * A market buy by quote amount. The budget is kept exact in 1e-16 units and each fill's quantity
   * is rounded down to what the budget still pays for, so the sum of the fills' quotes (each
   * rounded down again) never exceeds the amount.
   */
  private placeMarketByQuote(order: MarketBuyByQuote, out: SpotEvent[]): void {
    const { id, owner, quoteAmount } = order;
    const shapeOk =
      order.side === 'buy' &&
      order.quantity === undefined &&
      positive(quoteAmount) &&
      (order.lot === undefined || positive(order.lot));
    if (!shapeOk) return void out.push(rejected(id, 'invalid'));
    const lot = BigInt(order.lot ?? 1);
    const best = this.asks.best();
    let budget = budgetOf(quoteAmount);
    if (best === undefined || budget < BigInt(best.price) * lot) {
      return void out.push(rejected(id, 'no-liquidity'));
    }
    out.push(accepted(id));
    let spent = 0n;
    let filled = 0;
    let reason: DoneReason = 'market-remainder';
    while (reason === 'market-remainder') {
      const level = this.asks.best();
      if (level === undefined) break;
      const price = BigInt(level.price);
      let maker = level.head;
      while (maker !== null) {
        if (maker.owner === owner) {
          reason = 'self-trade';
          break;
        }
        const quantity = affordable(budget, price, maker.remaining, lot);
        if (quantity === 0) {
          reason = 'filled';
          break;
        }
        const cost = price * BigInt(quantity);
        const quote = cost / UNITS_PER_WHOLE;
        budget -= cost;
        spent += quote;
        filled += quantity;
        const partial = quantity < maker.remaining;
        const next = maker.next;
        this.fill(level, maker, quantity, id, owner, 'buy', quote, out);
        if (partial) {
          reason = 'filled'; // the budget ran out inside this maker
          break;
        }
        maker = next;
      }
      if (level.count === 0) this.asks.remove(level);
    }
    const unspent = quoteAmount - Number(spent);
    if (unspent === 0) reason = 'filled';
    out.push(done(id, reason, filled, unspent));
  }

  /** One fill against `maker`, which leaves the book (and the id map) if it is used up. */
  private fill(
    level: OrderQueue,
    maker: OrderNode,
    quantity: number,
    takerId: number,
    takerOwner: number,
    takerSide: Side,
    quote: bigint,
    out: SpotEvent[],
  ): void {
    out.push(
      trade(maker.id, takerId, maker.owner, takerOwner, takerSide, level.price, quantity, quote),
    );
    if (quantity < maker.remaining) {
      maker.remaining -= quantity;
      level.total -= quantity;
      return;
    }
    level.remove(maker);
    this.orders.delete(maker.id);
    out.push(done(maker.id, 'filled', maker.quantity, 0));
    this.pool.give(maker);
  }

  private side(side: Side): PriceLevels {
    return side === 'buy' ? this.bids : this.asks;
  }

  private opposite(side: Side): PriceLevels {
    return side === 'buy' ? this.asks : this.bids;
  }

  private list(levels: PriceLevels): RestingOrder[] {
    const list: RestingOrder[] = [];
    for (let rank = 0; rank < levels.size; rank++) {
      for (let node = levels.at(rank)!.head; node !== null; node = node.next) {
        list.push(restingOrder(node));
      }
    }
    return list;
  }

  /** Appends a checked side, worst level first so each new level is a push at the best end. */
  private load(orders: readonly RestingOrder[], levels: PriceLevels): void {
    let end = orders.length;
    while (end > 0) {
      const price = orders[end - 1]!.price;
      let start = end - 1;
      while (start > 0 && orders[start - 1]!.price === price) start--;
      const queue = levels.getOrCreate(price);
      for (let i = start; i < end; i++) {
        const { id, owner, side, quantity, remaining } = orders[i]!;
        const node = this.pool.take(id, owner, side, price, quantity, remaining);
        queue.push(node);
        this.orders.set(id, node);
      }
      end = start;
    }
  }
}
