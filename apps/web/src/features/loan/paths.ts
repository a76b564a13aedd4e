/** The loan pages (SPEC.md section 2: pages/loan/*). */
export const LOAN_PATHS = {
  index: '/pages/loan/index',
  creditScore: '/pages/loan/creditScore',
  protocol: '/pages/loan/protocol',
  record: '/pages/loan/record',
  success: '/pages/loan/success',
} as const;

/** Records shown per page of pages/loan/record. */
export const LOAN_PAGE_SIZE = 10;
