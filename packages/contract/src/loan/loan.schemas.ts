import * as z from 'zod/mini';

/** Loan states (SPEC.md section 4): applying (under review) -> rejected or passed -> repaid; overdue once the due date passes unpaid. */
export const LOAN_STATUSES = ['applying', 'rejected', 'passed', 'overdue', 'repaid'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

/** What an application's images may show (SPEC.md section 3): 2 to 4 of them. */
export const LOAN_IMAGE_KINDS = ['creditReport', 'houseInfo', 'incomeProof', 'idPhoto'] as const;
export type LoanImageKind = (typeof LOAN_IMAGE_KINDS)[number];
export const LOAN_MIN_IMAGES = 2;
export const LOAN_MAX_IMAGES = 4;

/** The credit score's components, in the order the creditScore page shows them. */
export const CREDIT_COMPONENTS = [
  'verification',
  'accountAge',
  'deposits',
  'tradingVolume',
  'repayment',
] as const;
export type CreditComponentName = (typeof CREDIT_COMPONENTS)[number];

export const loanProduct = /* @__PURE__ */ z.object({
  id: z.number(),
  currency: z.string(),
  minAmount: z.string(),
  maxAmount: z.string(),
  cycleDays: z.number(),
  /** Interest per day as a fraction of the principal: "0.00100000" = 0.1 % a day. */
  dailyRate: z.string(),
  /** Overdue penalty per day as a fraction of principal plus interest. */
  overdueRate: z.string(),
  /** The credit score this band needs. */
  minScore: z.number(),
});
export type LoanProduct = z.output<typeof loanProduct>;

export const loanProducts = /* @__PURE__ */ z.object({
  list: z.array(loanProduct),
  /** sha256 of the 11-article agreement in every language, stored with each application. */
  agreementVersion: z.string(),
});

export const loanRecord = /* @__PURE__ */ z.object({
  id: z.number(),
  productId: z.number(),
  currency: z.string(),
  amount: z.string(),
  cycleDays: z.number(),
  dailyRate: z.string(),
  overdueRate: z.string(),
  /** amount x dailyRate x cycleDays, fixed at application. */
  interest: z.string(),
  /** amount + interest: what repays the loan on time. */
  repayTotal: z.string(),
  status: z.enum(LOAN_STATUSES),
  creditScore: z.number(),
  appliedAt: z.number(),
  /** Set on approval: approval time + cycleDays. */
  dueAt: z.nullable(z.number()),
  decidedAt: z.nullable(z.number()),
  /** The operator's reason when rejected. */
  reason: z.nullable(z.string()),
  /** Overdue penalty accrued so far (one entry per overdue day). */
  penalty: z.string(),
  penaltyDays: z.number(),
  /** repayTotal + penalty while open; what was paid once repaid. */
  owed: z.string(),
  repaidAt: z.nullable(z.number()),
  agreementVersion: z.string(),
  imageKinds: z.array(z.enum(LOAN_IMAGE_KINDS)),
});
export type LoanRecord = z.output<typeof loanRecord>;

export const creditComponent = /* @__PURE__ */ z.object({
  name: z.enum(CREDIT_COMPONENTS),
  /** The input as measured: a level, days, or a USDT amount, or "onTime/late/overdue". */
  value: z.string(),
  /** Share of the maximum score, in percent. */
  weight: z.number(),
  points: z.number(),
});
export type CreditComponent = z.output<typeof creditComponent>;

export const creditScore = /* @__PURE__ */ z.object({
  score: z.number(),
  maxScore: z.number(),
  components: z.array(creditComponent),
  evaluatedAt: z.number(),
  /** The largest amount the trader may apply for now, in USDT (the best band the score reaches). */
  limit: z.string(),
});
export type CreditScore = z.output<typeof creditScore>;
