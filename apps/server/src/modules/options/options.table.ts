import type { Generated, Insertable, Selectable } from 'kysely';

/** A symbol offered as options; closed, it takes no new orders (open ones settle as placed). */
export interface OptionProductTable {
  symbol: string;
  enabled: bigint;
  updated_at: bigint;
}

/** A period of a symbol with the terms later orders take (each order keeps its own copy). */
export interface OptionPeriodTable {
  id: Generated<bigint>;
  symbol: string;
  seconds: bigint;
  /** Fractions in units of 1e-8 (0.85 = 85_000_000). */
  return_rate: bigint;
  loss_rate: bigint;
  min_amount: bigint;
  max_amount: bigint;
  enabled: bigint;
  updated_at: bigint;
}

/**
 * An order as placed and started: its terms, its strike, and scheduled, running or (before it
 * started) cancelled or failed. Written at placing, at start, at top-up and at cancel; never at
 * settlement (how it closed is on its record, which then decides its status).
 */
export interface OptionOrderTermsTable {
  id: Generated<bigint>;
  user_id: bigint;
  book: string;
  /** instant | period. */
  kind: string;
  symbol: string;
  direction: string;
  stake: bigint;
  period_id: bigint;
  period_seconds: bigint;
  return_rate: bigint;
  loss_rate: bigint;
  /** scheduled | running, or cancelled | failed before it ran (option_orders: the whole status). */
  status: string;
  /** Start (acceptance, or the period boundary) and expiry, epoch ms. */
  open_time: bigint;
  settle_time: bigint;
  strike_price: bigint | null;
  strike_time: bigint | null;
  strike_seq: bigint | null;
  created_at: bigint;
  updated_at: bigint;
}

/**
 * An option order with every input of its result: the view `option_orders` of its terms and,
 * once settled or failed, its record (OptionRecordTable); `status` is then the record's
 * (scheduled | running | settled | failed | cancelled). Read only.
 */
export interface OptionOrderTable extends OptionOrderTermsTable {
  settle_price: bigint | null;
  settle_tick_time: bigint | null;
  settle_seq: bigint | null;
  outcome: string | null;
  payout: bigint | null;
  record_seq: bigint | null;
}

/** The running orders by expiry (with their strike time: the tick log keeps what they need). */
export interface OptionDueTable {
  settle_time: bigint;
  id: bigint;
  strike_time: bigint | null;
}

/** One record of the public settlement chain. */
export interface OptionRecordTable {
  seq: bigint;
  order_id: bigint;
  symbol: string;
  expiry: bigint;
  /** The record without `hash`, RFC 8785 canonical JSON: exactly the bytes that were hashed. */
  body: string;
  hash: string;
  created_at: bigint;
  /**
   * The order's result as the body states it, for the order's readers (the view option_orders):
   * settled or failed, the settlement tick, win | loss | tie | failed, the payout.
   */
  status: string;
  settle_price: bigint | null;
  settle_tick_time: bigint | null;
  settle_seq: bigint | null;
  outcome: string;
  payout: bigint;
}

export interface OptionChainTable {
  id: bigint;
  seq: bigint;
  hash: string;
}

export interface OptionExposureTable {
  book: string;
  worst_case: bigint;
}

export interface OptionTraderSaltTable {
  user_id: bigint;
  salt: string;
}

export type OptionProductRow = Selectable<OptionProductTable>;
export type OptionPeriodRow = Selectable<OptionPeriodTable>;
export type OptionOrderRow = Selectable<OptionOrderTable>;
export type NewOptionOrderRow = Insertable<OptionOrderTermsTable>;
export type OptionOrderTermsRow = Selectable<OptionOrderTermsTable>;
export type OptionRecordRow = Selectable<OptionRecordTable>;
