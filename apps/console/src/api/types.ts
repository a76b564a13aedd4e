import type { consoleCalls, ConsoleCallDef, ConsoleCallOutput } from '@tidemark/contract';

/**
 * The records the console shows, named once and taken from the answers of the contract's calls,
 * so a field the server adds or renames reaches every page through the type checker.
 */
type Item<C extends ConsoleCallDef> =
  ConsoleCallOutput<C> extends { list: readonly (infer T)[] } ? T : never;

export type Operator = ConsoleCallOutput<typeof consoleCalls.me>;
export type CreatedOperator = ConsoleCallOutput<typeof consoleCalls.createOperator>;
export type Dashboard = ConsoleCallOutput<typeof consoleCalls.getDashboard>;
export type DepositRecord = Item<typeof consoleCalls.listDeposits>;
export type WithdrawalRecord = Item<typeof consoleCalls.listWithdrawals>;
export type KycRecord = Item<typeof consoleCalls.listKyc>;
export type UserSummary = Item<typeof consoleCalls.listUsers>;
export type UserDetail = ConsoleCallOutput<typeof consoleCalls.getUser>;
export type UserBalance = UserDetail['balances'][number];
export type BoundWallet = UserDetail['wallets'][number];
export type DepositAddress = UserDetail['depositAddresses'][number];
export type UserSpotOrder = UserDetail['orders'][number];
export type AccountChangePage = UserDetail['changes'];
export type ChainRecord = Item<typeof consoleCalls.listChains>;
export type LedgerAccount = Item<typeof consoleCalls.ledgerAccounts>;
export type LedgerTransaction = Item<typeof consoleCalls.ledgerTransactions>;
export type LedgerEntry = ConsoleCallOutput<
  typeof consoleCalls.ledgerTransactionById
>['entries'][number];
export type AuditEntry = Item<typeof consoleCalls.listAudit>;
export type OutboxMessage = Item<typeof consoleCalls.listOutbox>;

export type DepositStatus = DepositRecord['status'];
export type WithdrawalStatus = WithdrawalRecord['status'];
export type KycStatus = KycRecord['status'];
export type KycKind = KycRecord['kind'];
