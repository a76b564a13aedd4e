import * as z from 'zod/mini';
import { ACCOUNT_MODES, DEPOSIT_STATES, MEMBER_TIERS, WITHDRAWAL_STEPS } from '../constants';
import { KYC_KINDS, KYC_SUBMISSION_STATES } from '../kyc/kyc.schemas';
import { OPERATOR_ROLES } from './console.call';

/**
 * Records and enums of the operator API (ours), named console* so that they never clash with the
 * trader calls' schemas exported beside them. Amounts are decimal strings, times epoch ms.
 */

// --- enums ---------------------------------------------------------------------------------------

export const OPERATOR_STATUSES = ['active', 'disabled'] as const;
export type OperatorStatus = (typeof OPERATOR_STATUSES)[number];

/** The withdrawal queue's filter: one status, or every open one (application, risk, packaging). */
export const CONSOLE_WITHDRAWAL_FILTERS = [...WITHDRAWAL_STEPS, 'open'] as const;
export type ConsoleWithdrawalFilter = (typeof CONSOLE_WITHDRAWAL_FILTERS)[number];

export const USER_STATUSES = ['active', 'frozen'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
/** What a freeze stops: logging in (and every open session), or withdrawing. */
export const FREEZE_SCOPES = ['login', 'withdrawal'] as const;
export type FreezeScope = (typeof FREEZE_SCOPES)[number];

export const LEDGER_OWNERS = ['user', 'system'] as const;
export type LedgerOwner = (typeof LEDGER_OWNERS)[number];

/** What an audit row is about. */
export const AUDIT_TARGETS = [
  'deposit',
  'withdrawal',
  'kyc',
  'user',
  'operator',
  'chain',
  'setting',
  'ledger',
  'upload',
  'option',
  'leverage',
  'team',
  'supportConversation',
  'cannedReply',
  'financial',
  'loan',
  'content',
  'siteMail',
] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

/**
 * Every action the server writes to the audit log: the console names each (console.audit.actions.*)
 * and filters by them.
 */
export const AUDIT_ACTIONS = [
  'deposit.approve',
  'deposit.reject',
  'withdrawal.advance',
  'withdrawal.reject',
  'withdrawal.fail',
  'kyc.approve',
  'kyc.reject',
  'user.freeze',
  'user.unfreeze',
  'chain.add',
  'chain.edit',
  'setting.withdrawal',
  'option.product',
  'option.periodAdd',
  'option.period',
  'option.restricted',
  'option.poolFund',
  'leverage.terms',
  'leverage.tier',
  'leverage.fund',
  'team.terms',
  'team.budgetFund',
  'financial.productAdd',
  'financial.product',
  'financial.reserveFund',
  'loan.approve',
  'loan.reject',
  'loan.productAdd',
  'loan.productSet',
  'loan.fund',
  'content.create',
  'content.edit',
  'content.publish',
  'content.unpublish',
  'content.media',
  'banner.create',
  'banner.edit',
  'mail.send',
  'support.reply',
  'support.assign',
  'support.close',
  'support.reopen',
  'support.cannedSave',
  'support.cannedDelete',
  'support.desk',
  'ledger.check',
  'upload.view',
  'operator.create',
  'operator.disable',
  'operator.enable',
  'operator.login',
  'operator.logout',
  'operator.password',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

// --- records -------------------------------------------------------------------------------------

export const consoleOperator = /* @__PURE__ */ z.object({
  id: z.number(),
  username: z.string(),
  role: z.enum(OPERATOR_ROLES),
  status: z.enum(OPERATOR_STATUSES),
  createdAt: z.number(),
  lastLoginAt: z.nullable(z.number()),
  /** When the operator first logged in with a code of the enrolled secret; null before that. */
  totpEnrolledAt: z.nullable(z.number()),
});
export type ConsoleOperator = z.output<typeof consoleOperator>;

export const consoleCreatedOperator = /* @__PURE__ */ z.object({
  operator: consoleOperator,
  /** otpauth:// URI for the authenticator app's QR code: shown once, never again. */
  otpauthUrl: z.string(),
  /** The same secret in base32, for typing it in by hand. */
  totpSecret: z.string(),
});
export type ConsoleCreatedOperator = z.output<typeof consoleCreatedOperator>;

export const consoleLoginResult = /* @__PURE__ */ z.object({
  token: z.string(),
  expiresAt: z.number(),
  operator: consoleOperator,
});
export type ConsoleLoginResult = z.output<typeof consoleLoginResult>;

/** The trader a record belongs to, as the queues show it. */
const owner = {
  userId: z.number(),
  /** The trader's email, or "+areaCode phone". */
  userAccount: z.string(),
};

export const consoleDeposit = /* @__PURE__ */ z.object({
  id: z.number(),
  ...owner,
  currency: z.string(),
  chain: z.string(),
  /** The platform address shown to the trader when the request was made. */
  address: z.string(),
  amount: z.string(),
  /** The screenshot: GET /console/api/uploads/:id. */
  imageUploadId: z.number(),
  txHash: z.nullable(z.string()),
  status: z.enum(DEPOSIT_STATES),
  reason: z.nullable(z.string()),
  reviewedBy: z.nullable(z.number()),
  reviewedAt: z.nullable(z.number()),
  ledgerTransactionId: z.nullable(z.number()),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ConsoleDeposit = z.output<typeof consoleDeposit>;

export const consoleWithdrawal = /* @__PURE__ */ z.object({
  id: z.number(),
  ...owner,
  walletId: z.number(),
  currency: z.string(),
  chain: z.string(),
  /** The receiving address. */
  address: z.string(),
  amount: z.string(),
  fee: z.string(),
  status: z.enum(WITHDRAWAL_STEPS),
  reason: z.nullable(z.string()),
  txHash: z.nullable(z.string()),
  reviewedBy: z.nullable(z.number()),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** When it reached risk-control verification and block packaging. */
  riskAt: z.nullable(z.number()),
  packagingAt: z.nullable(z.number()),
  /** Completed, rejected or authentication failed. */
  finishedAt: z.nullable(z.number()),
  /** The payout (completed) or the release of the hold (rejected, authFailed). */
  ledgerTransactionId: z.nullable(z.number()),
});
export type ConsoleWithdrawal = z.output<typeof consoleWithdrawal>;

export const consoleKyc = /* @__PURE__ */ z.object({
  id: z.number(),
  ...owner,
  kind: z.enum(KYC_KINDS),
  country: z.nullable(z.string()),
  address: z.nullable(z.string()),
  realName: z.nullable(z.string()),
  idNumber: z.nullable(z.string()),
  passportNumber: z.nullable(z.string()),
  /** ID front or passport page, and ID back: GET /console/api/uploads/:id. */
  frontUploadId: z.nullable(z.number()),
  backUploadId: z.nullable(z.number()),
  status: z.enum(KYC_SUBMISSION_STATES),
  reason: z.nullable(z.string()),
  reviewedBy: z.nullable(z.number()),
  reviewedAt: z.nullable(z.number()),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ConsoleKyc = z.output<typeof consoleKyc>;

export const consoleAuditEntry = /* @__PURE__ */ z.object({
  id: z.number(),
  operatorId: z.nullable(z.number()),
  operatorUsername: z.nullable(z.string()),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** The record before and after the action, as JSON values (null where there is none). */
  before: z.unknown(),
  after: z.unknown(),
  reason: z.nullable(z.string()),
  ip: z.string(),
  createdAt: z.number(),
});
export type ConsoleAuditEntry = z.output<typeof consoleAuditEntry>;

export const consoleUser = /* @__PURE__ */ z.object({
  id: z.number(),
  /** Same as id: every record says whose it is. */
  userId: z.number(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  areaCode: z.nullable(z.string()),
  /**
   * The nickname the trader chose; null while it is still the masked account every account
   * starts with ("ab***@mail.com"), which is no nickname of theirs.
   */
  nickname: z.nullable(z.string()),
  verifyLevel: z.number(),
  memberTier: z.enum(MEMBER_TIERS),
  mode: z.enum(ACCOUNT_MODES),
  status: z.enum(USER_STATUSES),
  withdrawFrozen: z.boolean(),
  createdAt: z.number(),
  lastSeenAt: z.nullable(z.number()),
});
export type ConsoleUser = z.output<typeof consoleUser>;

/** One wallet and currency of one book, from the ledger. */
export const consoleUserBalance = /* @__PURE__ */ z.object({
  book: z.enum(ACCOUNT_MODES),
  wallet: z.string(),
  currency: z.string(),
  available: z.string(),
  /** Held for open orders and pending withdrawals. */
  frozen: z.string(),
});
export type ConsoleUserBalance = z.output<typeof consoleUserBalance>;

export const consoleBoundWallet = /* @__PURE__ */ z.object({
  id: z.number(),
  userId: z.number(),
  currency: z.string(),
  chain: z.string(),
  address: z.string(),
  imageUploadId: z.nullable(z.number()),
  deletedAt: z.nullable(z.number()),
  createdAt: z.number(),
});
export type ConsoleBoundWallet = z.output<typeof consoleBoundWallet>;

export const consoleDepositAddress = /* @__PURE__ */ z.object({
  id: z.number(),
  userId: z.number(),
  currency: z.string(),
  chain: z.string(),
  address: z.string(),
  createdAt: z.number(),
});

export const consoleSpotOrder = /* @__PURE__ */ z.object({
  id: z.number(),
  userId: z.number(),
  book: z.enum(ACCOUNT_MODES),
  symbol: z.string(),
  side: z.string(),
  /** 1 limit, 2 market. */
  type: z.number(),
  /** Empty for a market order. */
  price: z.string(),
  quantity: z.string(),
  filled: z.string(),
  filledAmount: z.string(),
  fee: z.string(),
  feeCurrency: z.string(),
  phase: z.string(),
  createdAt: z.number(),
});
export type ConsoleSpotOrder = z.output<typeof consoleSpotOrder>;

/** One entry of a user's account-change log (a ledger entry on a spendable wallet). */
export const consoleAccountChange = /* @__PURE__ */ z.object({
  id: z.number(),
  time: z.number(),
  type: z.string(),
  wallet: z.string(),
  currency: z.string(),
  amount: z.string(),
  balanceAfter: z.string(),
  reference: z.string(),
});

export const consoleUserDetail = /* @__PURE__ */ z.object({
  user: consoleUser,
  /** inviter's id, when invited. */
  inviterId: z.nullable(z.number()),
  inviteCode: z.string(),
  hasPayPassword: z.boolean(),
  /** Every wallet and currency of both books. */
  balances: z.array(consoleUserBalance),
  kyc: z.array(consoleKyc),
  wallets: z.array(consoleBoundWallet),
  depositAddresses: z.array(consoleDepositAddress),
  /** The newest spot orders of both books. */
  orders: z.array(consoleSpotOrder),
  /** One page of the chosen book's account-change log. */
  changes: z.object({
    book: z.enum(ACCOUNT_MODES),
    list: z.array(consoleAccountChange),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  }),
});
export type ConsoleUserDetail = z.output<typeof consoleUserDetail>;

export const consoleChain = /* @__PURE__ */ z.object({
  id: z.number(),
  currency: z.string(),
  chain: z.string(),
  addressFormat: z.string(),
  depositAddress: z.string(),
  depositEnabled: z.boolean(),
  withdrawEnabled: z.boolean(),
  withdrawFee: z.string(),
  withdrawMin: z.string(),
  /** Decimal places an amount may have on this chain (at most 8). */
  decimals: z.number(),
  sort: z.number(),
  updatedAt: z.number(),
});
export type ConsoleChain = z.output<typeof consoleChain>;

export const consoleWithdrawalSettings = /* @__PURE__ */ z.object({
  /** Spot trading volume (USDT) a trader needs before withdrawing; "0" means none. */
  volumeThreshold: z.string(),
  /** Minutes a withdrawal is expected to take; after that the trader is told to contact service. */
  estimateMinutes: z.number(),
  /** When they were last stored (by the first start or an operator); null if never. */
  updatedAt: z.nullable(z.number()),
});
export type ConsoleWithdrawalSettings = z.output<typeof consoleWithdrawalSettings>;

export const consoleLedgerAccount = /* @__PURE__ */ z.object({
  id: z.number(),
  owner: z.enum(LEDGER_OWNERS),
  /** The user's id for user accounts; null for system accounts. */
  userId: z.nullable(z.number()),
  book: z.enum(ACCOUNT_MODES),
  wallet: z.string(),
  currency: z.string(),
  balance: z.string(),
  canBeNegative: z.boolean(),
  createdAt: z.number(),
});
export type ConsoleLedgerAccount = z.output<typeof consoleLedgerAccount>;

export const consoleLedgerTransaction = /* @__PURE__ */ z.object({
  id: z.number(),
  type: z.string(),
  reference: z.string(),
  createdAt: z.number(),
  entryCount: z.number(),
});
export type ConsoleLedgerTransaction = z.output<typeof consoleLedgerTransaction>;

export const consoleLedgerEntry = /* @__PURE__ */ z.object({
  id: z.number(),
  accountId: z.number(),
  owner: z.enum(LEDGER_OWNERS),
  userId: z.nullable(z.number()),
  book: z.enum(ACCOUNT_MODES),
  wallet: z.string(),
  currency: z.string(),
  /** Signed: negative left the account. */
  amount: z.string(),
  balanceAfter: z.string(),
  createdAt: z.number(),
});
export type ConsoleLedgerEntry = z.output<typeof consoleLedgerEntry>;

export const consoleLedgerTransactionDetail = /* @__PURE__ */ z.object({
  transaction: consoleLedgerTransaction,
  entries: z.array(consoleLedgerEntry),
});

export const consoleLedgerCheck = /* @__PURE__ */ z.object({
  ok: z.boolean(),
  accounts: z.number(),
  transactions: z.number(),
  entries: z.number(),
  problems: z.array(z.object({ kind: z.string(), detail: z.string() })),
  checkedAt: z.number(),
});
export type ConsoleLedgerCheck = z.output<typeof consoleLedgerCheck>;

export const consoleOutboxMessage = /* @__PURE__ */ z.object({
  /** Position in the outbox (1 = first message ever sent). */
  id: z.number(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  code: z.string(),
  text: z.string(),
  at: z.number(),
});
export type ConsoleOutboxMessage = z.output<typeof consoleOutboxMessage>;

const countAndSum = /* @__PURE__ */ z.object({ count: z.number(), usdt: z.string() });

export const consoleDashboard = /* @__PURE__ */ z.object({
  pending: z.object({
    deposits: z.number(),
    /** Withdrawals at application, risk or packaging. */
    withdrawals: z.number(),
    kyc: z.number(),
  }),
  /** Since 00:00 UTC today; USDT values at the current conversion rates. */
  today: z.object({
    /** Deposits credited today. */
    deposits: countAndSum,
    /** Withdrawals completed today. */
    withdrawals: countAndSum,
    /** Requests made today, whatever became of them. */
    depositRequests: z.number(),
    withdrawalRequests: z.number(),
    /** Traders registered today. */
    users: z.number(),
  }),
  usersTotal: z.number(),
  /** Start of "today" (epoch ms, 00:00 UTC). */
  dayStart: z.number(),
});
export type ConsoleDashboard = z.output<typeof consoleDashboard>;
