import * as z from 'zod/mini';
import { defineCall } from '../call';
import { flag } from '../console/console.fields';
import type { ErrorKey } from '../errors';
import { amount, intParam, page, pageSize, shownRate } from '../fields';
import { imageFile, type UploadFile } from '../images/images.schemas';
import { pageOf } from '../money/money.schemas';
import {
  creditScore,
  LOAN_IMAGE_KINDS,
  LOAN_MAX_IMAGES,
  LOAN_MIN_IMAGES,
  loanProducts,
  loanRecord,
  type LoanImageKind,
} from './loan.schemas';

/**
 * Coin loans (SPEC.md sections 2-5, 7, 9; DESIGN.md section 3 "Loan"): real book only. An
 * application carries 2 to 4 images and the accepted 11-article agreement; an operator approves
 * (the principal moves from the loan fund to the coin wallet) or rejects with a reason; the trader
 * repays principal plus interest (and any overdue penalty) at once.
 */

const err = (key: ErrorKey) => ({ error: key });

/** One file or several under the same field name, as a list of 2 to 4. */
/* @__NO_SIDE_EFFECTS__ */
function images() {
  return z.pipe(
    z.transform((v: unknown) =>
      v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? (v as unknown[]) : [v],
    ),
    z
      .array(imageFile())
      .check(
        z.minLength(LOAN_MIN_IMAGES, err('loanImagesCount')),
        z.maxLength(LOAN_MAX_IMAGES, err('loanImagesCount')),
      ),
  );
}

/** What each image shows, in the order sent, comma separated: "idPhoto,incomeProof". */
/* @__NO_SIDE_EFFECTS__ */
function imageKinds() {
  return z.optional(
    z.pipe(
      z.string(err('loanImageKinds')).check(z.maxLength(200, err('loanImageKinds'))),
      z.transform((v: string, ctx) => {
        const kinds = v
          .split(',')
          .map((k) => k.trim())
          .filter(Boolean);
        const known = kinds.every((k) => (LOAN_IMAGE_KINDS as readonly string[]).includes(k));
        if (!known || new Set(kinds).size !== kinds.length) {
          ctx.issues.push({ code: 'custom', message: 'loanImageKinds', input: v });
          return z.NEVER;
        }
        return kinds as LoanImageKind[];
      }),
    ),
  );
}

export const insertLoanCurrencyOrder = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/loancurrencyorder/insertLoanCurrencyOrder',
  area: 'loan',
  auth: 'user',
  summary:
    'apply for a coin loan (real book): product, amount within its range and the credit limit, 2 to 4 images, the agreement accepted; awaits review',
  input: z.object({
    productId: intParam(1),
    amount: amount(),
    /**
     * The terms the trader confirmed (ours, optional; the app always sends them): an operator may
     * have changed the product since; the application is then refused (loanTermsChanged), never
     * stored under terms the trader did not see.
     */
    cycleDays: z.optional(intParam(1, 3650)),
    dailyRate: shownRate(),
    overdueRate: shownRate(),
    images: images(),
    imageKinds: imageKinds(),
    agreementAccepted: z.pipe(
      z.optional(z.string(err('loanAgreementRequired'))),
      z.transform((v: string | undefined, ctx) => {
        if (v !== 'true' && v !== '1') {
          ctx.issues.push({ code: 'custom', message: 'loanAgreementRequired', input: v });
          return z.NEVER;
        }
        return true as const;
      }),
    ),
  }),
  output: loanRecord,
  idempotent: true,
  multipart: true,
  success: 'submittedForReview',
});

export type LoanImages = UploadFile[];

export const findLoanCurrencyOrderPage = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/loancurrencyorder/findLoanCurrencyOrderPage',
  area: 'loan',
  auth: 'user',
  summary: "the trader's loan applications and loans, newest first, with accrued overdue penalty",
  input: z.object({ page: page(), pageSize: pageSize() }),
  output: pageOf(loanRecord),
});

export const findLoanProducts = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/loancurrencyorder/products',
  area: 'loan',
  auth: 'optional',
  summary:
    'loan products with all their terms (amount range, cycle, daily interest, overdue rate, the score band), and the agreement version',
  input: z.object({}),
  output: loanProducts,
  ours: true,
});

export const findCreditScore = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/loancurrencyorder/creditScore',
  area: 'loan',
  auth: 'user',
  summary:
    "the trader's credit score with each component, weight and points, its evaluation time and the limit; refresh=1 evaluates again",
  input: z.object({
    refresh: z._default(flag(), false),
  }),
  output: creditScore,
  ours: true,
});

export const repayLoan = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/loancurrencyorder/repay',
  area: 'loan',
  auth: 'user',
  summary:
    'repay a passed or overdue loan at once from the real coin wallet: principal + interest + accrued penalty',
  input: z.object({ loanId: intParam(1) }),
  output: loanRecord,
  idempotent: true,
  ours: true,
});
