export * from './call';
export { allCalls, calls, listCalls } from './calls';
export * from './constants';
export * from './envelope';
export * from './errors';
export * from './fields';
export * from './money';
export * from './newsign';
export * from './rules/display';
export * from './rules/format';
export * from './rules/validators';
export * as assetsCalls from './assets/assets.calls';
export * as authCalls from './auth/auth.calls';
export * as commonCalls from './common/common.calls';
export * as contentCalls from './content/content.calls';
export * as marketCalls from './market/market.calls';
export * as marketConsoleCalls from './market/market.console';
export {
  consoleMarketSources,
  MARKET_FEEDS,
  SOURCE_COIN_STATES,
  type ConsoleMarketSources,
  type MarketFeedKind,
  type SourceCoinState,
} from './market/market.console';
export * as spotCalls from './spot/spot.calls';
export * as userCalls from './user/user.calls';
export type { UpdateUserInput } from './user/user.calls';
export * from './user/user.schemas';
export * from './content/content.schemas';
export * from './market/market.schemas';
export * from './assets/assets.schemas';
export * from './realtime/realtime.events';
export * from './spot/spot.schemas';
export * as consoleCalls from './console/console.calls';
export * from './console/console.call';
export * from './console/console.schemas';
export { allConsoleCalls, listConsoleCalls } from './console/index';
export * as walletCalls from './wallet/wallet.calls';
export * as moneyCalls from './money/money.calls';
export * as kycCalls from './kyc/kyc.calls';
export * as uploadCalls from './images/images.calls';
export * as favouriteCalls from './favourites/favourites.calls';
export type { FavouriteList } from './favourites/favourites.calls';
export * from './wallet/wallet.schemas';
export * from './wallet/address';
export * from './money/money.schemas';
export * from './kyc/kyc.schemas';
export * from './images/images.schemas';
export * as optionsCalls from './options/options.calls';
export * as loanCalls from './loan/loan.calls';
export * as loanConsoleCalls from './loan/loan.console';
export * from './loan/loan.schemas';
export * from './loan/loan.rules';
export {
  consoleLoan,
  consoleLoanFund,
  consoleLoanProduct,
  type ConsoleLoan,
  type ConsoleLoanFund,
  type ConsoleLoanProduct,
} from './loan/loan.console';
export * as optionsConsoleCalls from './options/options.console';
export * from './options/options.schemas';
export * from './options/options.events';
export * from './options/options.rules';
export * as leverageCalls from './leverage/leverage.calls';
export * as leverageConsoleCalls from './leverage/leverage.console';
export * from './leverage/leverage.schemas';
export * from './leverage/leverage.events';
export * from './leverage/leverage.rules';
export {
  consoleFundMovement,
  consoleLeverageExposure,
  consoleLeveragePosition,
  consoleLeverageTerms,
  FUND_MOVEMENT_KINDS,
  type ConsoleLeverageExposure,
  type ConsoleLeverageTerms,
} from './leverage/leverage.console';
export {
  consoleOptionExposure,
  consoleOptionOrder,
  consoleOptionPnl,
  consoleOptionProducts,
} from './options/options.console';
export * as teamCalls from './team/team.calls';
export * as teamConsoleCalls from './team/team.console';
export * from './team/team.schemas';
export * from './team/team.rules';
export { consoleRebate, consoleTeamBudget, consoleTeamTree } from './team/team.console';
export * as financialCalls from './financial/financial.calls';
export * as financialConsoleCalls from './financial/financial.console';
export * from './financial/financial.schemas';
export {
  coverableAmount,
  dailyInterest,
  DIVIDEND_TIME_PATTERN,
  dividendRun,
  dividendRuns,
  expectedProfit,
  orderSchedule,
  redemption,
  validFinancialRates,
  wallTime,
  yearlyRate,
  zonedInstant,
} from './financial/financial.rules';
export {
  consoleMoneyOrder,
  consoleMoneyProduct,
  consoleYieldReserve,
  type ConsoleMoneyOrder,
  type ConsoleMoneyProduct,
  type ConsoleYieldReserve,
} from './financial/financial.console';
export * as supportCalls from './support/support.calls';
export * as supportConsoleCalls from './support/support.console';
export * from './support/support.schemas';
export * from './support/support.events';
export type {
  CannedReply,
  ConsoleSupportConversation,
  ConsoleSupportMessage,
} from './support/support.console';
export * as contentConsoleCalls from './content/content.console';
export * from './content/markdown';
export {
  CONTENT_BODY_MAX,
  CONTENT_KINDS,
  CONTENT_LINK_PATTERN,
  MAIL_AUDIENCES,
  type ConsoleBanner,
  type ConsoleContentItem,
  type ContentKind,
} from './content/content.console';
