/** newsign's parameters (SPEC.md section 9), apart from the implementation so clients can share them. */
export const NEWSIGN_DEFAULT_SECRET = 'ORUWIZLNMFZGWLLOMV3XG2LHNY';
export const NEWSIGN_PERIOD_SECONDS = 20;
export const NEWSIGN_DIGITS = 8;
/** The spec's "first 10 characters" of the code (all of an 8-digit code). */
export const NEWSIGN_LENGTH = 10;
