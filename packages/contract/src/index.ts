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
export * as optionsConsoleCalls from './options/options.console';
export * from './options/options.schemas';
export * from './options/options.events';
export * from './options/options.rules';
export {
  consoleOptionExposure,
  consoleOptionOrder,
  consoleOptionPnl,
  consoleOptionProducts,
} from './options/options.console';
