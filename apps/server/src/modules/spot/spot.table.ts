import type { Selectable } from 'kysely';

/**
 * A user's spot order. `id` is the order's public id; `seq` its id in the matching engine, the
 * sequence in which it arrived there (a restart rebuilds the book in that order). Amounts are
 * int8 units of 1e-8.
 */
export interface SpotOrderTable {
  id: bigint;
  user_id: bigint;
  book: string;
  symbol: string;
  side: string;
  /** 1 limit, 2 market. */
  type: bigint;
  /** Limit price; null for market orders. */
  price: bigint | null;
  /** Ordered base quantity; null for a market buy by amount. */
  quantity: bigint | null;
  /** Market buy by amount: the quote amount given; null otherwise. */
  quote_amount: bigint | null;
  filled: bigint;
  filled_quote: bigint;
  fee: bigint;
  fee_currency: string;
  /** What is still held for this order, in held_currency (quote for buys, base for sells). */
  held: bigint;
  held_currency: string;
  /** open, partial, filled, cancelled. */
  phase: string;
  /** Null until the order has reached the engine. */
  seq: bigint | null;
  created_at: bigint;
  updated_at: bigint;
}

/** One match between a taker and a maker order (either may be the market maker's, owner 0). */
export interface SpotTradeTable {
  id: bigint;
  book: string;
  symbol: string;
  price: bigint;
  quantity: bigint;
  quote: bigint;
  taker_side: string;
  /** Order ids (spot_orders.id); 0 for the market maker's side. */
  maker_order_id: bigint;
  taker_order_id: bigint;
  /** User ids; 0 for the market maker. */
  maker_owner: bigint;
  taker_owner: bigint;
  maker_fee: bigint;
  taker_fee: bigint;
  created_at: bigint;
}

export type SpotOrderRow = Selectable<SpotOrderTable>;
export type SpotTradeRow = Selectable<SpotTradeTable>;
