import * as z from 'zod/mini';
import { amountUnits, intParam, page, pageSize } from '../fields';
import { defineConsoleCall, type OperatorRole } from '../console/console.call';
import { flag, nonNegativeAmount, reason, recordId } from '../console/console.fields';
import { pageOf } from '../money/money.schemas';
import { validLoanRates } from './loan.rules';
import { creditComponent, LOAN_IMAGE_KINDS, LOAN_STATUSES, loanRecord } from './loan.schemas';

/**
 * The operator's loan calls (ours, under /console/api): the review queue with each application's
 * images and the stored score's components, approve (the principal moves from the loan fund) or
 * reject with a reason, products (terms for later applications only), and the loan fund. None of
 * them changes a posted repayment, a penalty already accrued or a score's stored inputs.
 */

const ADMIN: readonly OperatorRole[] = ['admin'];
const REVIEW: readonly OperatorRole[] = ['admin', 'reviewer'];
const READ: readonly OperatorRole[] = ['admin', 'reviewer', 'support'];

const CURRENCY_PATTERN = /^[A-Z0-9]{2,12}$/;

/* @__NO_SIDE_EFFECTS__ */
function currencyParam() {
  return z.string({ error: 'invalidInput' }).check(
    z.trim(),
    z.toUpperCase(),
    z.refine((v) => CURRENCY_PATTERN.test(v), { error: 'invalidInput' }),
  );
}

/** A loan as the operator sees it: the trader's view, whose it is, its images and score. */
export const consoleLoan = /* @__PURE__ */ z.extend(loanRecord, {
  userId: z.number(),
  /** The trader's email or phone, as in the other queues. */
  userAccount: z.string(),
  images: z.array(z.object({ uploadId: z.number(), kind: z.nullable(z.enum(LOAN_IMAGE_KINDS)) })),
  score: z.nullable(
    z.object({
      id: z.number(),
      score: z.number(),
      evaluatedAt: z.number(),
      components: z.array(creditComponent),
    }),
  ),
  decidedBy: z.nullable(z.number()),
});
export type ConsoleLoan = z.output<typeof consoleLoan>;

export const consoleLoanProduct = /* @__PURE__ */ z.object({
  id: z.number(),
  currency: z.string(),
  minAmount: z.string(),
  maxAmount: z.string(),
  cycleDays: z.number(),
  dailyRate: z.string(),
  overdueRate: z.string(),
  minScore: z.number(),
  enabled: z.boolean(),
  updatedAt: z.number(),
});
export type ConsoleLoanProduct = z.output<typeof consoleLoanProduct>;

export const consoleLoanFund = /* @__PURE__ */ z.object({
  funds: z.array(
    z.object({
      currency: z.string(),
      /** The real book's loan_fund balance: what approvals can still pay out. */
      balance: z.string(),
      /** Principal of passed and overdue loans, out with traders. */
      outstanding: z.string(),
      /** What those loans owe now: principal + interest + accrued penalty. */
      owed: z.string(),
      /** Principal asked for by applications under review. */
      applying: z.string(),
      passed: z.number(),
      overdue: z.number(),
      /** balance - applying: what is left after every pending application were approved. */
      headroom: z.string(),
    }),
  ),
});
export type ConsoleLoanFund = z.output<typeof consoleLoanFund>;

/** A loan rate within its bounds (loan.rules validLoanRates), else loanRateInvalid. */
/* @__NO_SIDE_EFFECTS__ */
function loanRate(which: 'daily' | 'overdue') {
  return nonNegativeAmount().check(
    z.refine(
      (v) =>
        which === 'daily'
          ? validLoanRates(amountUnits(v) ?? -1n, 0n)
          : validLoanRates(1n, amountUnits(v) ?? -1n),
      { error: 'loanRateInvalid' },
    ),
  );
}

const productTerms = {
  minAmount: nonNegativeAmount(),
  maxAmount: nonNegativeAmount(),
  cycleDays: intParam(1, 3650),
  /** A fraction a day: above 0 and below 1 (100 %). */
  dailyRate: loanRate('daily'),
  /** A fraction of principal plus interest a day: from 0 to below 1. */
  overdueRate: loanRate('overdue'),
  minScore: intParam(0, 1000),
};

export const listLoans = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/loans',
  roles: READ,
  summary:
    'loans by status (applying: the review queue, oldest first; others newest first), with images and score components',
  input: z.object({
    status: z.optional(z.enum(LOAN_STATUSES, { error: 'invalidInput' })),
    userId: z.optional(intParam(1)),
    page: page(),
    pageSize: pageSize(),
  }),
  output: pageOf(consoleLoan),
});

export const approveLoan = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/loans/:id/approve',
  roles: REVIEW,
  summary:
    "approve an application: the principal moves from the loan fund to the trader's real coin wallet; due after the cycle",
  input: z.object({ id: recordId() }),
  output: consoleLoan,
  audited: true,
});

export const rejectLoan = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/loans/:id/reject',
  roles: REVIEW,
  summary: 'reject an application with a reason shown to the trader',
  input: z.object({ id: recordId(), reason: reason() }),
  output: consoleLoan,
  audited: true,
});

export const listLoanProducts = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/loans/products',
  roles: READ,
  summary: 'loan products with all their terms',
  input: z.object({}),
  output: z.object({ list: z.array(consoleLoanProduct) }),
});

export const addLoanProduct = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/loans/products',
  roles: ADMIN,
  summary: 'add a loan product (a currency and score band with its terms)',
  input: z.object({
    currency: currencyParam(),
    ...productTerms,
    enabled: z._default(flag(), true),
  }),
  output: z.object({ list: z.array(consoleLoanProduct) }),
  audited: true,
});

export const setLoanProduct = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/loans/products/:id',
  roles: ADMIN,
  summary: "change a product's terms: applications made afterwards only (each loan keeps its own)",
  input: z.object({
    id: recordId(),
    minAmount: z.optional(productTerms.minAmount),
    maxAmount: z.optional(productTerms.maxAmount),
    cycleDays: z.optional(productTerms.cycleDays),
    dailyRate: z.optional(productTerms.dailyRate),
    overdueRate: z.optional(productTerms.overdueRate),
    minScore: z.optional(productTerms.minScore),
    enabled: z.optional(flag()),
  }),
  output: z.object({ list: z.array(consoleLoanProduct) }),
  audited: true,
});

export const loanFund = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/loans/fund',
  roles: REVIEW,
  summary: 'the loan fund per currency: balance, outstanding principal, owed, pending applications',
  input: z.object({}),
  output: consoleLoanFund,
});

export const fundLoanFund = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/loans/fund',
  roles: ADMIN,
  summary: "move a currency from the real book's treasury to the loan fund (a ledger transfer)",
  input: z.object({ currency: currencyParam(), amount: nonNegativeAmount() }),
  output: consoleLoanFund,
  audited: true,
});
