import type { Generated, Insertable, Selectable } from 'kysely';

/** The terms of positions opened now (one row, id 1); each position keeps its own copy. */
export interface LeverageTermsTable {
  id: bigint;
  /** USDT per lot, units of 1e-8. */
  lot_price: bigint;
  /** Fractions in units of 1e-8 (0.001 = 100_000). */
  open_fee_rate: bigint;
  close_fee_rate: bigint;
  maintenance_rate: bigint;
  /** Negative balance protection: 1 on, 0 off. */
  protection: bigint;
  updated_at: bigint;
}

/** A member tier: the 30-day volume that reaches it and the largest multiple it allows. */
export interface LeverageTierTable {
  tier: string;
  rank: bigint;
  threshold: bigint;
  max_multiple: bigint;
  updated_at: bigint;
}

/** A trader who opened the contract (after the risk disclosure), once. */
export interface LeverageAccountTable {
  user_id: bigint;
  opened_at: bigint;
}

/** A position with every term and tick of its result. */
export interface LeveragePositionTable {
  id: Generated<bigint>;
  user_id: bigint;
  book: string;
  symbol: string;
  direction: string;
  lots: bigint;
  lot_price: bigint;
  multiple: bigint;
  margin: bigint;
  value: bigint;
  /** Cumulative top-up (addMargin). */
  top_up: bigint;
  open_fee: bigint;
  open_fee_rate: bigint;
  close_fee_rate: bigint;
  maintenance_rate: bigint;
  maintenance: bigint;
  protection: bigint;
  entry_price: bigint;
  entry_time: bigint;
  entry_seq: bigint;
  liquidation_price: bigint | null;
  take_profit: bigint | null;
  stop_loss: bigint | null;
  /** open | closed. */
  status: string;
  open_time: bigint;
  exit_price: bigint | null;
  exit_time: bigint | null;
  exit_seq: bigint | null;
  close_time: bigint | null;
  close_fee: bigint | null;
  pnl: bigint | null;
  payout: bigint | null;
  gap: bigint | null;
  closed_by: string | null;
  created_at: bigint;
  updated_at: bigint;
}

/** The last tick (seq) whose triggers the jobs have checked (one row, id 1). */
export interface LeverageCursorTable {
  id: bigint;
  seq: bigint;
}

export type LeverageTermsRow = Selectable<LeverageTermsTable>;
export type LeverageTierRow = Selectable<LeverageTierTable>;
export type LeveragePositionRow = Selectable<LeveragePositionTable>;
export type NewLeveragePositionRow = Insertable<LeveragePositionTable>;
