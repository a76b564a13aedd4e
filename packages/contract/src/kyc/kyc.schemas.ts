import * as z from 'zod/mini';
import { VERIFICATION_STATES } from '../constants';

/** primary (ID basics), identity (advanced by ID) or passport (advanced by passport). */
export const KYC_KINDS = ['primary', 'identity', 'passport'] as const;
export type KycKind = (typeof KYC_KINDS)[number];

/** The two advanced routes; they exclude each other. */
export const ADVANCED_ROUTES = ['identity', 'passport'] as const;
export type AdvancedRoute = (typeof ADVANCED_ROUTES)[number];

/** A submission's status; a level's state adds notCertified (nothing submitted). */
export const KYC_SUBMISSION_STATES = ['certifying', 'failed', 'verified'] as const;
export type KycSubmissionState = (typeof KYC_SUBMISSION_STATES)[number];
export type VerificationState = (typeof VERIFICATION_STATES)[number];

/** One verification submission, as its owner (and a reviewer) sees it. */
export const kycSubmission = /* @__PURE__ */ z.object({
  id: z.number(),
  kind: z.enum(KYC_KINDS),
  status: z.enum(KYC_SUBMISSION_STATES),
  /** Why it failed; null otherwise. */
  reason: z.nullable(z.string()),
  /** ISO 3166 code (primary). */
  country: z.nullable(z.string()),
  /** Residence address (primary). */
  address: z.nullable(z.string()),
  realName: z.nullable(z.string()),
  idNumber: z.nullable(z.string()),
  passportNumber: z.nullable(z.string()),
  /** ID front, or the passport's first page; fetch with /userUpload/image. */
  frontImageId: z.nullable(z.number()),
  /** ID back (primary and identity). */
  backImageId: z.nullable(z.number()),
  createdAt: z.number(),
  updatedAt: z.number(),
  reviewedAt: z.nullable(z.number()),
});
export type KycSubmission = z.output<typeof kycSubmission>;

const levelState = {
  state: z.enum(VERIFICATION_STATES),
  /** The failure reason when state is failed. */
  reason: z.nullable(z.string()),
  /** The latest submission of this level, if any. */
  submissionId: z.nullable(z.number()),
  submittedAt: z.nullable(z.number()),
  reviewedAt: z.nullable(z.number()),
};

/** The verification levels and their states (verify/index). */
export const userAuth = /* @__PURE__ */ z.object({
  /** 0 none, 1 primary verified, 2 advanced verified (users.verify_level). */
  verifyLevel: z.number(),
  primary: z.object(levelState),
  advanced: z.object({
    ...levelState,
    /**
     * The route of the newest advanced submission (identity or passport), null before the first.
     * While it is certifying or verified the other route is refused; after a failure either may
     * be tried.
     */
    route: z.nullable(z.enum(ADVANCED_ROUTES)),
    /** Whether an advanced submission is possible now (primary verified, nothing in review). */
    available: z.boolean(),
  }),
});
export type UserAuth = z.output<typeof userAuth>;

/** The user's own latest submissions of each level. */
export const userAuthInfo = /* @__PURE__ */ z.object({
  primary: z.nullable(kycSubmission),
  advanced: z.nullable(kycSubmission),
});
export type UserAuthInfo = z.output<typeof userAuthInfo>;
