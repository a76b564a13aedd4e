/**
 * The spot matching engine's language: commands in, events out, snapshots for restart.
 *
 * Units. Prices and quantities are integers of 1e-8 (DESIGN.md 1.4) held as JavaScript numbers
 * for speed; the caller guarantees each is a safe integer. A price is quote units per whole base
 * unit, so the quote value of a fill is `price * quantity / 1e8`, computed with bigint and rounded
 * down to whole units (see quote.ts for why down).
 *
 * Events, in the order one command pushes them:
 *
 *   place(limit)   accepted, then per fill: trade (and done{filled} for a maker it completes),
 *                  then exactly one of: rested (the rest waits in the book),
 *                  done{filled}, done{self-trade}.
 *   place(market)  accepted, fills as above, then done{filled | market-remainder | self-trade};
 *                  or only rejected{no-liquidity} when there is nothing it could fill against.
 *   place(bad)     only rejected{invalid | duplicate-id}.
 *   cancel(id)     done{cancelled} for a resting order; nothing (and `false`) otherwise.
 *
 * `done` is the last event an order ever gets; its `remaining` is what the caller releases.
 */

export type Side = 'buy' | 'sell';

/** Rests at `price` for whatever does not fill at once. */
export interface LimitOrder {
  readonly type: 'limit';
  /** Positive, unique, greater than every id this book has seen (the caller assigns it). */
  readonly id: number;
  /** The account; the market maker is an owner like any other. Used for self-trade prevention. */
  readonly owner: number;
  readonly side: Side;
  readonly price: number;
  /** Base units. */
  readonly quantity: number;
}

/** Takes liquidity for `quantity` base units; never rests. */
export interface MarketOrder {
  readonly type: 'market';
  readonly id: number;
  readonly owner: number;
  readonly side: Side;
  readonly quantity: number;
  readonly quoteAmount?: undefined;
}

/**
 * A market buy sized by what it may spend: buys level by level as much as `quoteAmount` quote units
 * pay for, rounding each fill's quantity down to whole `lot`s so the cost never exceeds the amount
 * and what it buys is a quantity the product allows (what is too little for a lot stays unspent).
 */
export interface MarketBuyByQuote {
  readonly type: 'market';
  readonly id: number;
  readonly owner: number;
  readonly side: 'buy';
  readonly quoteAmount: number;
  /** The product's smallest quantity step in base units (1 when absent: any unit). */
  readonly lot?: number;
  readonly quantity?: undefined;
}

export type SpotOrder = LimitOrder | MarketOrder | MarketBuyByQuote;

/** The order passed validation and will be matched. */
export interface AcceptedEvent {
  readonly type: 'accepted';
  readonly id: number;
}

/**
 * no-liquidity: a market order found nothing to fill against (an empty opposite side, or a quote
 *   amount that does not pay for one base unit at the best ask).
 * duplicate-id: the id is not above every id seen before, so this is a replay or a caller bug.
 * invalid: a field is missing, not a positive safe integer, or the shape is not a known order.
 */
export type RejectReason = 'no-liquidity' | 'duplicate-id' | 'invalid';

export interface RejectedEvent {
  readonly type: 'rejected';
  readonly id: number;
  readonly reason: RejectReason;
}

/** One fill. The taker's side says who bought: takerSide 'buy' means the taker paid `quote`. */
export interface TradeEvent {
  readonly type: 'trade';
  readonly makerId: number;
  readonly takerId: number;
  readonly makerOwner: number;
  readonly takerOwner: number;
  readonly takerSide: Side;
  /** Always the maker's price: a taker that crosses further gets the better price. */
  readonly price: number;
  /** Base units. */
  readonly quantity: number;
  /** floor(price * quantity / 1e8) quote units: what the buyer pays and the seller receives. */
  readonly quote: bigint;
}

/** The part of a limit order that did not fill now rests in the book. */
export interface RestedEvent {
  readonly type: 'rested';
  readonly id: number;
  readonly price: number;
  /** Base units resting (the order's quantity less what filled on arrival). */
  readonly remaining: number;
}

/**
 * filled: nothing is left (for a quote-sized buy: what is left cannot pay for one more base unit).
 * cancelled: cancel(id) took a resting order out.
 * market-remainder: a market order ran out of opposite liquidity.
 * self-trade: the taker reached a resting order of its own owner; the taker's rest is cancelled and
 *   the resting order stays.
 */
export type DoneReason = 'filled' | 'cancelled' | 'market-remainder' | 'self-trade';

export interface DoneEvent {
  readonly type: 'done';
  readonly id: number;
  readonly reason: DoneReason;
  /** Base units filled over the order's whole life. */
  readonly filled: number;
  /**
   * What did not fill and is released: base units, except for a market buy by quote amount, where
   * it is the unspent quote (quoteAmount minus the sum of its trades' `quote`).
   */
  readonly remaining: number;
}

export type SpotEvent = AcceptedEvent | RejectedEvent | TradeEvent | RestedEvent | DoneEvent;

/** A resting order as plain data (a copy: changing it does not change the book). */
export interface RestingOrder {
  readonly id: number;
  readonly owner: number;
  readonly side: Side;
  readonly price: number;
  /** The quantity it was placed with, so `done.filled` stays right across a restart. */
  readonly quantity: number;
  readonly remaining: number;
}

/** [price, total resting quantity at that price]. */
export type DepthLevel = [price: number, quantity: number];

export interface BookDepth {
  /** Best (highest) first. */
  readonly bids: DepthLevel[];
  /** Best (lowest) first. */
  readonly asks: DepthLevel[];
}

/**
 * Everything needed to rebuild a book: resting orders in exact priority order (best price first,
 * then time order within a price) and the id watermark that keeps replays rejected as duplicates.
 */
export interface SpotBookSnapshot {
  readonly version: 1;
  readonly lastId: number;
  readonly bids: readonly RestingOrder[];
  readonly asks: readonly RestingOrder[];
}
