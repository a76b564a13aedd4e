import * as z from 'zod/mini';
import { ACCOUNT_CHANGE_FILTERS, ACCOUNT_MODES, DEPOSIT_STATES } from '../constants';
import {
  anyPassword,
  emptyInput,
  intParam,
  optionalText,
  page,
  pageSize,
  requiredText,
} from '../fields';
import { defineConsoleCall, OPERATOR_ROLES, type OperatorRole } from './console.call';
import { ADDRESS_FORMATS } from '../wallet/address';
import { chainField, currencyField } from '../wallet/wallet.schemas';
import {
  flag,
  nonNegativeAmount,
  operatorPassword,
  operatorUsername,
  reason,
  recordId,
} from './console.fields';
import {
  CONSOLE_WITHDRAWAL_FILTERS,
  consoleAuditEntry,
  consoleChain,
  consoleCreatedOperator,
  consoleDashboard,
  consoleDeposit,
  consoleKyc,
  consoleLedgerAccount,
  consoleLedgerCheck,
  consoleLedgerTransaction,
  consoleLedgerTransactionDetail,
  consoleLoginResult,
  consoleOperator,
  consoleOutboxMessage,
  consoleUser,
  consoleUserDetail,
  consoleWithdrawal,
  consoleWithdrawalSettings,
  FREEZE_SCOPES,
  LEDGER_OWNERS,
} from './console.schemas';
import { KYC_KINDS, KYC_SUBMISSION_STATES } from '../kyc/kyc.schemas';
import { pageOf } from '../money/money.schemas';

/**
 * Every call of the operator API (ours, DESIGN.md section 4), by console page. The server serves
 * exactly these under /console/api; the console app is typed by them.
 */

const ADMIN: readonly OperatorRole[] = ['admin'];
const ANY_OPERATOR: readonly OperatorRole[] = OPERATOR_ROLES;
/** Queues, users read, ledger read. */
const REVIEW: readonly OperatorRole[] = ['admin', 'reviewer'];
/** Users read and freeze, outbox. */
const SUPPORT: readonly OperatorRole[] = ['admin', 'support'];

const paging = { page: page(), pageSize: pageSize() };
const byId = /* @__PURE__ */ z.object({ id: recordId() });
const withReason = /* @__PURE__ */ z.object({ id: recordId(), reason: reason() });

// --- session -------------------------------------------------------------------------------------

export const login = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/login',
  roles: 'public',
  summary:
    'log in with username, password and the 6-digit TOTP code; every wrong part answers one generic refusal',
  input: z.object({
    username: requiredText(64),
    password: anyPassword(),
    totp: requiredText(12),
  }),
  output: consoleLoginResult,
});

export const logout = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/logout',
  roles: ANY_OPERATOR,
  summary: 'revoke the token',
  input: emptyInput,
  output: z.null(),
});

export const me = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/me',
  roles: ANY_OPERATOR,
  summary: 'the operator of the token, with the role',
  input: emptyInput,
  output: consoleOperator,
});

export const changePassword = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/me/password',
  roles: ANY_OPERATOR,
  summary: "change the caller's password; every other session of the caller is revoked",
  input: z.object({ oldPassword: anyPassword(), newPassword: operatorPassword() }).check(
    z.refine((v) => v.oldPassword !== v.newPassword, {
      error: 'passwordSameAsOld',
      path: ['newPassword'],
    }),
  ),
  output: z.null(),
  audited: true,
});

// --- operators (admin) ---------------------------------------------------------------------------

export const listOperators = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/operators',
  roles: ADMIN,
  summary: 'operator accounts, oldest first',
  input: z.object(paging),
  output: pageOf(consoleOperator),
});

export const createOperator = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/operators',
  roles: ADMIN,
  summary: 'add an operator; answers the otpauth:// URI for QR enrolment once',
  input: z.object({
    username: operatorUsername(),
    password: operatorPassword(),
    role: z.enum(OPERATOR_ROLES, { error: 'invalidInput' }),
  }),
  output: consoleCreatedOperator,
  audited: true,
});

export const disableOperator = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/operators/:id/disable',
  roles: ADMIN,
  summary: "disable an operator (not oneself); the operator's sessions are revoked",
  input: withReason,
  output: consoleOperator,
  audited: true,
});

export const enableOperator = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/operators/:id/enable',
  roles: ADMIN,
  summary: 'enable a disabled operator again',
  input: withReason,
  output: consoleOperator,
  audited: true,
});

// --- dashboard -----------------------------------------------------------------------------------

export const getDashboard = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/dashboard',
  roles: ANY_OPERATOR,
  summary: "pending queue sizes, today's deposits, withdrawals and new users, users in total",
  input: emptyInput,
  output: consoleDashboard,
});

// --- deposit review ------------------------------------------------------------------------------

export const listDeposits = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/deposits',
  roles: REVIEW,
  summary:
    'deposit requests by status (all when none), oldest pending first, otherwise newest first',
  input: z.object({
    status: z.optional(z.enum(DEPOSIT_STATES, { error: 'invalidInput' })),
    userId: z.optional(intParam(1)),
    ...paging,
  }),
  output: pageOf(consoleDeposit),
});

export const approveDeposit = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/deposits/:id/approve',
  roles: REVIEW,
  summary: "credit a pending deposit to the trader's real coin wallet through the ledger",
  input: byId,
  output: consoleDeposit,
  audited: true,
});

export const rejectDeposit = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/deposits/:id/reject',
  roles: REVIEW,
  summary: 'reject a pending deposit with a reason shown to the trader',
  input: withReason,
  output: consoleDeposit,
  audited: true,
});

// --- withdrawal pipeline -------------------------------------------------------------------------

export const listWithdrawals = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/withdrawals',
  roles: REVIEW,
  summary: 'withdrawals by status, or every open one (status=open); all when none',
  input: z.object({
    status: z.optional(z.enum(CONSOLE_WITHDRAWAL_FILTERS, { error: 'invalidInput' })),
    userId: z.optional(intParam(1)),
    ...paging,
  }),
  output: pageOf(consoleWithdrawal),
});

export const advanceWithdrawal = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/withdrawals/:id/advance',
  roles: REVIEW,
  summary:
    'move a withdrawal to its next step (application -> risk -> packaging -> completed); txHash when completing',
  input: z.object({ id: recordId(), txHash: optionalText(128) }),
  output: consoleWithdrawal,
  audited: true,
});

export const rejectWithdrawal = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/withdrawals/:id/reject',
  roles: REVIEW,
  summary: 'reject an open withdrawal with a reason; the hold is released',
  input: withReason,
  output: consoleWithdrawal,
  audited: true,
});

export const failWithdrawal = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/withdrawals/:id/fail',
  roles: REVIEW,
  summary: "end an open withdrawal as 'authentication failed' with a reason; the hold is released",
  input: withReason,
  output: consoleWithdrawal,
  audited: true,
});

// --- verification review -------------------------------------------------------------------------

export const listKyc = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/kyc',
  roles: REVIEW,
  summary: 'verification submissions by status and kind (all when none)',
  input: z.object({
    status: z.optional(z.enum(KYC_SUBMISSION_STATES, { error: 'invalidInput' })),
    kind: z.optional(z.enum(KYC_KINDS, { error: 'invalidInput' })),
    userId: z.optional(intParam(1)),
    ...paging,
  }),
  output: pageOf(consoleKyc),
});

export const approveKyc = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/kyc/:id/approve',
  roles: REVIEW,
  summary: 'verify a submission; the trader reaches its level',
  input: byId,
  output: consoleKyc,
  audited: true,
});

export const rejectKyc = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/kyc/:id/reject',
  roles: REVIEW,
  summary: 'fail a submission with a reason shown to the trader',
  input: withReason,
  output: consoleKyc,
  audited: true,
});

// --- users ---------------------------------------------------------------------------------------

export const listUsers = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/users',
  roles: ANY_OPERATOR,
  summary: 'traders, newest first; q searches id, email, phone and nickname',
  input: z.object({ q: optionalText(100), ...paging }),
  output: pageOf(consoleUser),
});

export const getUser = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/users/:id',
  roles: ANY_OPERATOR,
  summary:
    "a trader's profile, both books' balances, verification, bound wallets, recent spot orders and a page of the account-change log",
  input: z.object({
    id: recordId(),
    /** The book and filter of the account-change log page. */
    book: z._default(z.enum(ACCOUNT_MODES, { error: 'invalidInput' }), 'real'),
    type: z._default(z.enum(ACCOUNT_CHANGE_FILTERS, { error: 'invalidInput' }), 'all'),
    ...paging,
  }),
  output: consoleUserDetail,
});

const freezeInput = /* @__PURE__ */ z.object({
  id: recordId(),
  scope: z.enum(FREEZE_SCOPES, { error: 'invalidInput' }),
  reason: reason(),
});

export const freezeUser = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/users/:id/freeze',
  roles: SUPPORT,
  summary:
    'freeze login (status frozen, every session revoked) or withdrawal (withdraw_frozen) with a reason',
  input: freezeInput,
  output: consoleUser,
  audited: true,
});

export const unfreezeUser = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/users/:id/unfreeze',
  roles: SUPPORT,
  summary: 'lift a login or withdrawal freeze, with a reason',
  input: freezeInput,
  output: consoleUser,
  audited: true,
});

// --- wallet and chain configuration --------------------------------------------------------------

export const listChains = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/chains',
  roles: REVIEW,
  summary:
    'accepted currencies and chains with deposit address, switches, withdrawal fee and minimum',
  input: z.object({ ...paging, pageSize: z._default(intParam(1, 100), 100) }),
  output: pageOf(consoleChain),
});

export const addChain = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/chains',
  roles: ADMIN,
  summary: 'accept a currency on a chain; the deposit address is checked against the chain format',
  input: z.object({
    currency: currencyField('invalidInput'),
    chain: chainField('invalidInput'),
    addressFormat: z.enum(ADDRESS_FORMATS, { error: 'invalidInput' }),
    depositAddress: requiredText(128),
    depositEnabled: z._default(flag(), true),
    withdrawEnabled: z._default(flag(), true),
    withdrawFee: nonNegativeAmount(),
    withdrawMin: nonNegativeAmount(),
    decimals: z._default(intParam(0, 8), 8),
    sort: z._default(intParam(0, 10_000), 0),
  }),
  output: consoleChain,
  audited: true,
});

export const editChain = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/chains/:id',
  roles: ADMIN,
  summary:
    'change a chain: deposit address, switches, withdrawal fee and minimum; applies to new requests only',
  input: z.object({
    id: recordId(),
    depositAddress: z.optional(requiredText(128)),
    depositEnabled: z.optional(flag()),
    withdrawEnabled: z.optional(flag()),
    withdrawFee: z.optional(nonNegativeAmount()),
    withdrawMin: z.optional(nonNegativeAmount()),
    decimals: z.optional(intParam(0, 8)),
    sort: z.optional(intParam(0, 10_000)),
  }),
  output: consoleChain,
  audited: true,
});

export const getWithdrawalSettings = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/settings/withdrawal',
  roles: REVIEW,
  summary: 'the trading-volume threshold for withdrawals and their estimated processing time',
  input: emptyInput,
  output: consoleWithdrawalSettings,
});

export const setWithdrawalSettings = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/settings/withdrawal',
  roles: ADMIN,
  summary:
    'change the trading-volume threshold (USDT) and the estimated processing time; applies to new withdrawal requests',
  input: z.object({
    volumeThreshold: nonNegativeAmount(),
    estimateMinutes: z.optional(intParam(1, 10_080)),
  }),
  output: consoleWithdrawalSettings,
  audited: true,
});

// --- ledger explorer (read-only) -----------------------------------------------------------------

export const ledgerAccounts = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/ledger/accounts',
  roles: REVIEW,
  summary: 'ledger accounts with balances, filtered by owner, user, book, wallet, currency',
  input: z.object({
    owner: z.optional(z.enum(LEDGER_OWNERS, { error: 'invalidInput' })),
    userId: z.optional(intParam(1)),
    book: z.optional(z.enum(ACCOUNT_MODES, { error: 'invalidInput' })),
    wallet: optionalText(40),
    currency: optionalText(10),
    ...paging,
  }),
  output: pageOf(consoleLedgerAccount),
});

export const ledgerTransactions = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/ledger/transactions',
  roles: REVIEW,
  summary: 'ledger transactions, newest first, filtered by type, user or reference',
  input: z.object({
    type: optionalText(40),
    userId: z.optional(intParam(1)),
    reference: optionalText(100),
    ...paging,
  }),
  output: pageOf(consoleLedgerTransaction),
});

export const ledgerTransactionById = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/ledger/transactions/:id',
  roles: REVIEW,
  summary: 'one ledger transaction with its entries',
  input: byId,
  output: consoleLedgerTransactionDetail,
});

export const ledgerCheck = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/ledger/check',
  roles: REVIEW,
  summary: "run the platform's ledger invariant check and answer its findings",
  input: emptyInput,
  output: consoleLedgerCheck,
  audited: true,
});

// --- audit log, outbox, uploads ------------------------------------------------------------------

export const listAudit = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/audit',
  roles: ANY_OPERATOR,
  summary: 'the audit log, newest first, filtered by operator, action or target',
  input: z.object({
    operatorId: z.optional(intParam(1)),
    action: optionalText(60),
    targetType: optionalText(40),
    targetId: optionalText(60),
    ...paging,
  }),
  output: pageOf(consoleAuditEntry),
});

export const listOutbox = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/outbox',
  roles: SUPPORT,
  summary: 'the dev outbox of embedded mode: verification codes sent, newest first',
  input: z.object({ to: optionalText(254), ...paging }),
  output: pageOf(consoleOutboxMessage),
});

export const viewUpload = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/uploads/:id',
  roles: REVIEW,
  summary:
    'the bytes of an uploaded image (screenshot, ID image); each view of an identity document is audited',
  input: byId,
  output: z.unknown(),
  produces: 'image/*',
  audited: true,
});
