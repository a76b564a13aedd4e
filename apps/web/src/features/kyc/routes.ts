/** The spec's routes of identity verification (SPEC.md section 2). */
export const VERIFY_ROUTES = {
  index: '/pages/verify/index',
  primary: '/pages/verify/primary',
  high: '/pages/verify/high',
  passport: '/pages/verify/passport',
} as const;
