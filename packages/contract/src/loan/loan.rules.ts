import { formatMoney, MONEY_UNIT, mulDiv, mulMoney, type Money } from '../money';
import type { CreditComponentName } from './loan.schemas';

/**
 * Loan arithmetic (DESIGN.md section 3 "Loan"; docs/credit-score.md), pure and exact: money in
 * 1e-8 units, rates as money fractions ("0.001" = 100_000n), every division rounded down (in the
 * trader's favour).
 */

export const LOAN_DAY_MS = 86_400_000;

/** Interest for the whole cycle, fixed at application: amount x dailyRate x cycleDays. */
export function loanInterest(amount: Money, dailyRate: Money, cycleDays: number): Money {
  return mulDiv(amount * BigInt(cycleDays), dailyRate, MONEY_UNIT, 'down');
}

/**
 * Sane loan terms (as the financial package's rates): the daily rate above 0 and below 1 (100 %
 * a day), the overdue rate from 0 to below 1.
 */
export function validLoanRates(dailyRate: Money, overdueRate: Money): boolean {
  return dailyRate > 0n && dailyRate < MONEY_UNIT && overdueRate >= 0n && overdueRate < MONEY_UNIT;
}

/** One overdue day's penalty: (principal + interest) x overdueRate, never compounded. */
export function dailyPenalty(repayTotal: Money, overdueRate: Money): Money {
  return mulMoney(repayTotal, overdueRate, 'down');
}

/**
 * How many overdue days have begun by `now`: none before the due time; day 1 begins at the due
 * time itself, day n at dueAt + (n - 1) days. Each begun day accrues one penalty.
 */
export function overdueDays(dueAt: number, now: number): number {
  if (now < dueAt) return 0;
  return Math.floor((now - dueAt) / LOAN_DAY_MS) + 1;
}

/** The start of overdue day `day` (1-based). */
export function overdueDayStart(dueAt: number, day: number): number {
  return dueAt + (day - 1) * LOAN_DAY_MS;
}

/** What repays the loan now: principal + interest + every accrued penalty. */
export function amountOwed(repayTotal: Money, penalties: Money): Money {
  return repayTotal + penalties;
}

// --- credit score --------------------------------------------------------------------------------

/** What the score is computed from, as stored with it. */
export interface CreditInputs {
  /** 0 none, 1 primary, 2 advanced (VERIFY_LEVEL). */
  verifyLevel: number;
  /** Whole days since registration. */
  accountAgeDays: number;
  /** Real-book deposits credited, valued in USDT. */
  depositsUsdt: Money;
  /** Real-book spot trading volume in USDT. */
  volumeUsdt: Money;
  /** Loans repaid before or at their due time. */
  repaidOnTime: number;
  /** Loans repaid after becoming overdue. */
  repaidLate: number;
  /** Loans overdue right now. */
  overdueNow: number;
}

export const MAX_CREDIT_SCORE = 1000;

/** Each component's share of the maximum score, in percent (sums to 100). */
export const CREDIT_WEIGHTS: Readonly<Record<CreditComponentName, number>> = {
  verification: 20,
  accountAge: 15,
  deposits: 25,
  tradingVolume: 20,
  repayment: 20,
};

/** Where a component reaches its full points. */
export const CREDIT_CAPS = {
  accountAgeDays: 365,
  depositsUsdt: 10_000n * MONEY_UNIT,
  volumeUsdt: 50_000n * MONEY_UNIT,
} as const;

const maxPoints = (name: CreditComponentName) => (MAX_CREDIT_SCORE * CREDIT_WEIGHTS[name]) / 100;

/** Points of `max` in proportion to value / cap, capped, rounded down. */
function proportional(value: bigint, cap: bigint, max: number): number {
  if (value <= 0n) return 0;
  const v = value > cap ? cap : value;
  return Number((v * BigInt(max)) / cap);
}

export interface ScoredComponent {
  name: CreditComponentName;
  value: string;
  weight: number;
  points: number;
}

/**
 * The documented formula (docs/credit-score.md):
 * - verification (20 %): none 0, primary 120, advanced 200;
 * - account age (15 %): 150 x days / 365, full after a year;
 * - deposits (25 %): 250 x USDT deposited / 10,000, full at 10,000 USDT;
 * - trading volume (20 %): 200 x USDT traded / 50,000, full at 50,000 USDT;
 * - repayment (20 %): 0 while a loan is overdue; otherwise 100 + 50 per loan repaid on time
 *   - 100 per loan repaid late, between 0 and 200 (no history: 100).
 */
export function creditScoreOf(inputs: CreditInputs): {
  score: number;
  components: ScoredComponent[];
} {
  const verification =
    inputs.verifyLevel >= 2 ? maxPoints('verification') : inputs.verifyLevel === 1 ? 120 : 0;
  const age = proportional(
    BigInt(Math.max(0, Math.floor(inputs.accountAgeDays))),
    BigInt(CREDIT_CAPS.accountAgeDays),
    maxPoints('accountAge'),
  );
  const deposits = proportional(
    inputs.depositsUsdt,
    CREDIT_CAPS.depositsUsdt,
    maxPoints('deposits'),
  );
  const volume = proportional(
    inputs.volumeUsdt,
    CREDIT_CAPS.volumeUsdt,
    maxPoints('tradingVolume'),
  );
  const repayment =
    inputs.overdueNow > 0
      ? 0
      : Math.max(
          0,
          Math.min(
            maxPoints('repayment'),
            100 + 50 * inputs.repaidOnTime - 100 * inputs.repaidLate,
          ),
        );
  const usdt = (v: Money) => formatMoney(v, 2);
  const components: ScoredComponent[] = [
    {
      name: 'verification',
      value: String(inputs.verifyLevel),
      weight: CREDIT_WEIGHTS.verification,
      points: verification,
    },
    {
      name: 'accountAge',
      value: String(inputs.accountAgeDays),
      weight: CREDIT_WEIGHTS.accountAge,
      points: age,
    },
    {
      name: 'deposits',
      value: usdt(inputs.depositsUsdt),
      weight: CREDIT_WEIGHTS.deposits,
      points: deposits,
    },
    {
      name: 'tradingVolume',
      value: usdt(inputs.volumeUsdt),
      weight: CREDIT_WEIGHTS.tradingVolume,
      points: volume,
    },
    {
      name: 'repayment',
      value: `${inputs.repaidOnTime}/${inputs.repaidLate}/${inputs.overdueNow}`,
      weight: CREDIT_WEIGHTS.repayment,
      points: repayment,
    },
  ];
  return { score: components.reduce((sum, c) => sum + c.points, 0), components };
}

/** The largest maxAmount among the bands (products) the score reaches, in `currency`; 0 if none. */
export function creditLimit(
  score: number,
  products: readonly { currency: string; maxAmount: Money; minScore: number }[],
  currency: string,
): Money {
  let limit = 0n;
  for (const p of products)
    if (p.currency === currency && p.minScore <= score && p.maxAmount > limit) limit = p.maxAmount;
  return limit;
}
