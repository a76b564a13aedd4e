import type {
  CaptchaTable,
  LoginFailureTable,
  SessionTable,
  VerificationCodeTable,
} from '../modules/auth/auth.table';
import type {
  IdempotencyRecordTable,
  LedgerAccountTable,
  LedgerEntryByAccountTable,
  LedgerEntryTable,
  LedgerIdempotencyTable,
  LedgerProjectionTable,
  LedgerTransactionTable,
} from '../ledger/ledger.table';
import type { CandleTable } from '../market/market.table';
import type { TickLogTable } from '../market/tick-log.table';
import type {
  OptionChainTable,
  OptionExposureTable,
  OptionOrderTable,
  OptionOrderTermsTable,
  OptionDueTable,
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
import type {
  CreditScoreTable,
  LoanImageTable,
  LoanOrderTable,
  LoanPenaltyTable,
  LoanProductTable,
} from '../modules/loan/loan.table';
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
import type {
  AcademyLessonTable,
  AcademyLessonTextTable,
  AnnouncementTextTable,
  AppConfigTable,
  BannerTable,
  ContentItemTable,
  ContentVideoTable,
  HelpQuestionTextTable,
  SiteMailTable,
  UserLanguageTable,
} from '../modules/content/content.table';
import type { UserTable } from '../modules/user/user.table';
import type {
  LeverageAccountTable,
  LeverageCursorTable,
  LeveragePositionTable,
  LeverageTermsTable,
  LeverageTierTable,
} from '../modules/leverage/leverage.table';
import type {
  TeamPayoutTable,
  TeamRebateTable,
  TeamTradingResultTable,
} from '../modules/team/team.table';
import type {
  SupportCannedReplyTable,
  SupportConversationTable,
  SupportMessageTable,
} from '../modules/support/support.table';

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
  ledger_entries_by_account: LedgerEntryByAccountTable;
  ledger_projection: LedgerProjectionTable;
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
  option_order_terms: OptionOrderTermsTable;
  option_due: OptionDueTable;
  option_records: OptionRecordTable;
  option_chain: OptionChainTable;
  option_exposure: OptionExposureTable;
  option_trader_salts: OptionTraderSaltTable;
  leverage_terms: LeverageTermsTable;
  leverage_tiers: LeverageTierTable;
  leverage_accounts: LeverageAccountTable;
  leverage_positions: LeveragePositionTable;
  leverage_cursor: LeverageCursorTable;
  user_favourites: UserFavouriteTable;
  team_rebates: TeamRebateTable;
  team_trading_results: TeamTradingResultTable;
  team_payouts: TeamPayoutTable;
  loan_products: LoanProductTable;
  loan_orders: LoanOrderTable;
  loan_images: LoanImageTable;
  loan_penalties: LoanPenaltyTable;
  credit_scores: CreditScoreTable;
  financial_products: FinancialProductTable;
  financial_orders: FinancialOrderTable;
  financial_dividends: FinancialDividendTable;
  financial_reserve: FinancialReserveTable;
  support_conversations: SupportConversationTable;
  support_messages: SupportMessageTable;
  support_canned_replies: SupportCannedReplyTable;
  user_languages: UserLanguageTable;
  site_mails: SiteMailTable;
  announcements: ContentItemTable;
  announcement_texts: AnnouncementTextTable;
  help_questions: ContentItemTable;
  help_question_texts: HelpQuestionTextTable;
  academy_lessons: AcademyLessonTable;
  academy_lesson_texts: AcademyLessonTextTable;
  content_videos: ContentVideoTable;
}
