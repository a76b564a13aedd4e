import type { Generated, Insertable, Selectable } from 'kysely';

/** A loan product: a currency and credit-score band with the terms later applications take. */
export interface LoanProductTable {
  id: Generated<bigint>;
  currency: string;
  min_amount: bigint;
  max_amount: bigint;
  cycle_days: bigint;
  /** Fractions in units of 1e-8 (0.001 = 100_000). */
  daily_rate: bigint;
  overdue_rate: bigint;
  min_score: bigint;
  enabled: bigint;
  updated_at: bigint;
}

/** An application and, once passed, the loan; it keeps its own copy of the terms. */
export interface LoanOrderTable {
  id: Generated<bigint>;
  user_id: bigint;
  product_id: bigint;
  currency: string;
  amount: bigint;
  cycle_days: bigint;
  daily_rate: bigint;
  overdue_rate: bigint;
  interest: bigint;
  repay_total: bigint;
  /** applying | rejected | passed | overdue | repaid. */
  status: string;
  credit_score: bigint;
  /** The credit_scores row the application was judged with. */
  score_id: bigint;
  /** sha256 of the agreement text the trader accepted. */
  agreement_version: string;
  reason: string | null;
  applied_at: bigint;
  decided_at: bigint | null;
  decided_by: bigint | null;
  due_at: bigint | null;
  /** Penalty accrued so far (sum of loan_penalties) and how many days. */
  penalty: bigint;
  penalty_days: bigint;
  repaid_at: bigint | null;
  repaid_amount: bigint | null;
  updated_at: bigint;
}

/** An application's image, with what the trader said it shows. */
export interface LoanImageTable {
  loan_id: bigint;
  position: bigint;
  upload_id: bigint;
  kind: string | null;
}

/** One overdue day's penalty: at most one per (loan, day). */
export interface LoanPenaltyTable {
  loan_id: bigint;
  day: bigint;
  amount: bigint;
  created_at: bigint;
}

/** A credit score as evaluated, with the inputs it came from; never changed afterwards. */
export interface CreditScoreTable {
  id: Generated<bigint>;
  user_id: bigint;
  score: bigint;
  /** JSON of CreditInputs (bigints as strings). */
  inputs_json: string;
  /** JSON of the scored components. */
  components_json: string;
  /** request | daily | apply. */
  source: string;
  evaluated_at: bigint;
}

export type LoanProductRow = Selectable<LoanProductTable>;
export type LoanOrderRow = Selectable<LoanOrderTable>;
export type NewLoanOrder = Insertable<LoanOrderTable>;
export type CreditScoreRow = Selectable<CreditScoreTable>;
