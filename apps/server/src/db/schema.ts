import type {
  CaptchaTable,
  LoginFailureTable,
  SessionTable,
  VerificationCodeTable,
} from '../modules/auth/auth.table';
import type {
  IdempotencyRecordTable,
  LedgerAccountTable,
  LedgerEntryTable,
  LedgerIdempotencyTable,
  LedgerTransactionTable,
} from '../ledger/ledger.table';
import type { CandleTable } from '../market/market.table';
import type { TickLogTable } from '../market/tick-log.table';
import type {
  OptionChainTable,
  OptionExposureTable,
  OptionOrderTable,
  OptionPeriodTable,
  OptionProductTable,
  OptionRecordTable,
  OptionTraderSaltTable,
} from '../modules/options/options.table';
import type {
  FinancialDividendTable,
  FinancialOrderTable,
  FinancialProductTable,
  FinancialReserveTable,
} from '../modules/financial/financial.table';
import type { TransferTable } from '../modules/assets/assets.table';
import type {
  AuditLogTable,
  OperatorSessionTable,
  OperatorTable,
} from '../modules/console/console.table';
import type { UserFavouriteTable } from '../modules/favourites/favourites.table';
import type { KycSubmissionTable } from '../modules/kyc/kyc.table';
import type { DepositTable, WithdrawalTable } from '../modules/money/money.table';
import type { UploadTable } from '../modules/images/images.table';
import type {
  CustodyChainTable,
  UserDepositAddressTable,
  UserWalletTable,
} from '../modules/wallet/wallet.table';
import type { SpotOrderTable, SpotTradeTable } from '../modules/spot/spot.table';
import type { AppConfigTable, BannerTable } from '../modules/content/content.table';
import type { UserTable } from '../modules/user/user.table';

/** Every table, as Kysely sees it. Each module owns the types of its own tables. */
export interface Database {
  users: UserTable;
  user_sessions: SessionTable;
  verification_codes: VerificationCodeTable;
  captchas: CaptchaTable;
  login_failures: LoginFailureTable;
  operators: OperatorTable;
  app_config: AppConfigTable;
  banners: BannerTable;
  ledger_accounts: LedgerAccountTable;
  ledger_transactions: LedgerTransactionTable;
  ledger_entries: LedgerEntryTable;
  ledger_idempotency: LedgerIdempotencyTable;
  idempotency_records: IdempotencyRecordTable;
  transfers: TransferTable;
  candles: CandleTable;
  spot_orders: SpotOrderTable;
  spot_trades: SpotTradeTable;
  uploads: UploadTable;
  custody_chains: CustodyChainTable;
  user_wallets: UserWalletTable;
  user_deposit_addresses: UserDepositAddressTable;
  deposits: DepositTable;
  withdrawals: WithdrawalTable;
  kyc_submissions: KycSubmissionTable;
  operator_sessions: OperatorSessionTable;
  audit_log: AuditLogTable;
  tick_log: TickLogTable;
  option_products: OptionProductTable;
  option_periods: OptionPeriodTable;
  option_orders: OptionOrderTable;
  option_records: OptionRecordTable;
  option_chain: OptionChainTable;
  option_exposure: OptionExposureTable;
  option_trader_salts: OptionTraderSaltTable;
  user_favourites: UserFavouriteTable;
  financial_products: FinancialProductTable;
  financial_orders: FinancialOrderTable;
  financial_dividends: FinancialDividendTable;
  financial_reserve: FinancialReserveTable;
}
