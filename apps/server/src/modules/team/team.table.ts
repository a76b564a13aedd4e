import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * A rebate: what one beneficiary earns from one source (a friend's credited deposit, or a
 * friend's net trading profit of one day) at one level, with the rate and release window it was
 * recorded with. Only `state`, `released_at` and `ledger_transaction_id` ever change, once.
 */
export interface TeamRebateTable {
  id: Generated<bigint>;
  /** The beneficiary (the friend's inviter, or the inviter's inviter at level 2). */
  user_id: bigint;
  friend_id: bigint;
  level: bigint;
  /** deposit | profit. */
  source: string;
  /** "deposit:42" or "profit:<friend id>:<day>"; unique with the level. */
  source_ref: string;
  currency: string;
  /** The deposit's amount, or the day's net profit. */
  base: bigint;
  /** Fraction in units of 1e-8 (0.03 = 3_000_000). */
  rate: bigint;
  /** What is paid: the rate's rebate, capped at the budget's headroom when it was recorded. */
  amount: bigint;
  /** The part of the rate's rebate the budget could not cover when recorded: never paid. */
  uncovered: Generated<bigint>;
  /** pending | released | uncovered (nothing granted: the budget had no headroom). */
  state: string;
  /** The local day of the source (the trade or deposit day). */
  source_day: string;
  /** The window of the day after: released inside it, or inside a later one after downtime. */
  due_from: bigint;
  due_to: bigint;
  window_start: string;
  window_end: string;
  time_zone: string;
  created_at: bigint;
  released_at: bigint | null;
  ledger_transaction_id: bigint | null;
}
export type TeamRebateRow = Selectable<TeamRebateTable>;
export type NewTeamRebateRow = Insertable<TeamRebateTable>;

/** A closed trade of an invited trader on the real book: an option settled, a position closed. */
export interface TeamTradingResultTable {
  /** "option:12", "leverage:7": once per result. */
  ref: string;
  user_id: bigint;
  /** Local day (the terms' zone) the result posted on. */
  day: string;
  /** Signed profit in USDT units. */
  pnl: bigint;
  at: bigint;
}

/** Earnings moved out: to the coin wallet (transfer) or to a bound address (withdraw). */
export interface TeamPayoutTable {
  id: Generated<bigint>;
  user_id: bigint;
  /** transfer | withdraw. */
  kind: string;
  currency: string;
  /** Taken from the earnings (a withdrawal: amount + the chain fee). */
  amount: bigint;
  withdrawal_id: bigint | null;
  ledger_transaction_id: bigint;
  created_at: bigint;
}
