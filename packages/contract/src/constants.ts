/** Enums and constants of SPEC.md sections 3, 4 and 9, and the values DESIGN.md fixes for them. */

export const QUOTE_CURRENCY = 'USDT';

// --- Section 3: entities -------------------------------------------------------------------------

/** coin = currency account, contract = trading account, cft = financial account. */
export const ACCOUNT_TYPES = ['coin', 'contract', 'cft'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const ACCOUNT_MODES = ['demo', 'real'] as const;
export type AccountMode = (typeof ACCOUNT_MODES)[number];

export const SPOT_ORDER_TYPE = { limit: 1, market: 2 } as const;
export type SpotOrderType = (typeof SPOT_ORDER_TYPE)[keyof typeof SPOT_ORDER_TYPE];

export const ORDER_TAB = { current: 0, history: 1 } as const;

export const CANDLE_PERIODS = ['1min', '15min', '30min', '1hour', '1day', '1week', '1mon'] as const;
export type CandlePeriod = (typeof CANDLE_PERIODS)[number];

export const OPTION_DIRECTIONS = ['long', 'short'] as const;
export type OptionDirection = (typeof OPTION_DIRECTIONS)[number];

export const FINANCIAL_ORDER_TAB = { inProgress: 0, completed: 1, redeemed: 2 } as const;

export const MEMBER_TIERS = ['ordinary', 'gold', 'platinum', 'diamond'] as const;
export type MemberTier = (typeof MEMBER_TIERS)[number];

/** Configuration values a client may read by key (/api/findConfigByKey). */
export const PUBLIC_CONFIG_KEYS = ['logo', 'serviceUrl', 'withdrawRate', 'miningData'] as const;
export type PublicConfigKey = (typeof PUBLIC_CONFIG_KEYS)[number];

/** Filters of the account-change log (SPEC.md section 2, home). */
export const ACCOUNT_CHANGE_FILTERS = [
  'all',
  'deposit',
  'withdrawal',
  'spot',
  'delivery',
  'contract',
  'financial',
  'other',
] as const;
export type AccountChangeFilter = (typeof ACCOUNT_CHANGE_FILTERS)[number];

export const BANNER_TYPE = { home: 1, other: 2 } as const;

// --- Section 4: states ---------------------------------------------------------------------------

export const OPTION_ORDER_STATES = [
  'in_progress',
  'settled',
  'settlement_failed',
  'cancelled',
] as const;
export const FINANCIAL_ORDER_STATES = ['in_progress', 'completed', 'redeemed'] as const;
export const DEPOSIT_STATES = ['pending', 'rejected', 'success'] as const;
/**
 * A withdrawal's status: the steps application -> risk (risk-control verification) -> packaging
 * (block packaging) -> completed, or it ends rejected (with a reason) or authFailed
 * (authentication failed); both of these release the hold.
 */
export const WITHDRAWAL_STEPS = [
  'application',
  'risk',
  'packaging',
  'completed',
  'rejected',
  'authFailed',
] as const;
/** A verification level's state as the user sees it. */
export const VERIFICATION_STATES = ['notCertified', 'certifying', 'failed', 'verified'] as const;
export const LOAN_STATES = ['applying', 'rejected', 'passed', 'repaid'] as const;
export const SPOT_ORDER_STATES = ['entrusted', 'closed'] as const;
export const SOCKET_STATES = ['connected', 'closed', 'reconnecting'] as const;

/** 0 none, 1 primary verified, 2 advanced (ID or passport) verified. */
export const VERIFY_LEVEL = { none: 0, primary: 1, advanced: 2 } as const;

// --- Section 9: limits and timings ---------------------------------------------------------------

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 32;
export const PAY_PASSWORD_LENGTH = 6;
export const NICKNAME_MAX_LENGTH = 20;

export const VERIFICATION_CODE = {
  length: 6,
  ttlMs: 5 * 60_000,
  maxAttempts: 5,
  resendAfterMs: 60_000,
} as const;

export const TIMING = {
  chunkLoadTimeoutMs: 120_000,
  requestTimeoutMs: 60_000,
  socketTimeoutMs: 10_000,
  pageLoadTimeoutMs: 60_000,
  pageLoadDelayMs: 200,
  onlinePollMs: 5_000,
  loginRedirectDelayMs: 1_000,
  pageTransitionMs: 300,
  pageTransitionDelaysMs: [20, 50],
  toastMs: 1_500,
} as const;

/** Reconnect delay before attempt n (1-based): 20 tries 3 s apart, up to 50 at 10 s, then 450 s. */
export function socketReconnectDelayMs(attempt: number): number {
  if (attempt <= 20) return 3_000;
  if (attempt <= 50) return 10_000;
  return 450_000;
}

export const IMAGE_COMPRESSION = {
  thresholdBytes: 504_800,
  dimensionScale: 0.5,
  jpegQuality: 0.5,
} as const;

export const REBATE = {
  depositRate: '0.03',
  tradingProfitRate: '0.065',
  releaseTimeZone: 'America/Los_Angeles',
  releaseStartHour: 9,
  releaseEndHour: 18,
  transferDayOfMonth: 25,
} as const;

export const LEVERAGE = { maxMultiple: 5, defaultLotPrice: '100' } as const;

export const LOAN = { minImages: 2, agreementArticles: 11 } as const;

export const DEMO_FUNDING = { currency: QUOTE_CURRENCY, amount: '100000' } as const;
