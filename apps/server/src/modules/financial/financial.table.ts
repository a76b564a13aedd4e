import type { Generated, Insertable, Selectable } from 'kysely';

/** A package with the terms later orders take (each order keeps its own copy). */
export interface FinancialProductTable {
  id: Generated<bigint>;
  tier: string;
  name: string;
  days: bigint;
  /** Fractions in units of 1e-8 (0.0005 = 50_000). */
  daily_rate: bigint;
  min_amount: bigint;
  max_amount: bigint;
  capacity: bigint;
  /** "HH:mm" in time_zone (IANA). */
  dividend_time: string;
  time_zone: string;
  penalty_rate: bigint;
  lock: bigint;
  sale_start: bigint | null;
  sale_end: bigint | null;
  enabled: bigint;
  created_at: bigint;
  updated_at: bigint;
}

/** An order with the terms it was bought on and where its schedule stands. */
export interface FinancialOrderTable {
  id: Generated<bigint>;
  order_no: string;
  user_id: bigint;
  book: string;
  product_id: bigint;
  product_name: string;
  tier: string;
  amount: bigint;
  daily_rate: bigint;
  days: bigint;
  penalty_rate: bigint;
  lock: bigint;
  dividend_time: string;
  time_zone: string;
  daily_interest: bigint;
  expected_profit: bigint;
  profit_earned: bigint;
  days_paid: bigint;
  /** 0 in progress, 1 completed, 2 redeemed. */
  status: bigint;
  start_time: bigint;
  end_time: bigint;
  principal_at: bigint;
  /** The next run the job acts on (a day's interest or the principal); null once closed. */
  next_due_at: bigint | null;
  returned_principal: bigint | null;
  penalty: bigint | null;
  closed_at: bigint | null;
  created_at: bigint;
  updated_at: bigint;
}

export interface FinancialDividendTable {
  id: Generated<bigint>;
  order_id: bigint;
  user_id: bigint;
  book: string;
  day: bigint;
  amount: bigint;
  due_at: bigint;
  paid_at: bigint;
  transaction_id: bigint;
}

/** Interest still promised on a book's open orders. */
export interface FinancialReserveTable {
  book: string;
  promised: bigint;
}

export type FinancialProductRow = Selectable<FinancialProductTable>;
export type NewFinancialProductRow = Insertable<FinancialProductTable>;
export type FinancialOrderRow = Selectable<FinancialOrderTable>;
export type NewFinancialOrderRow = Insertable<FinancialOrderTable>;
export type FinancialDividendRow = Selectable<FinancialDividendTable>;
