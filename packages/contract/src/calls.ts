import * as assetsCalls from './assets/assets.calls';
import * as authCalls from './auth/auth.calls';
import type { CallDef } from './call';
import * as commonCalls from './common/common.calls';
import * as contentCalls from './content/content.calls';
import * as favouriteCalls from './favourites/favourites.calls';
import * as financialCalls from './financial/financial.calls';
import * as kycCalls from './kyc/kyc.calls';
import * as marketCalls from './market/market.calls';
import * as moneyCalls from './money/money.calls';
import * as leverageCalls from './leverage/leverage.calls';
import * as loanCalls from './loan/loan.calls';
import * as optionsCalls from './options/options.calls';
import * as spotCalls from './spot/spot.calls';
import * as supportCalls from './support/support.calls';
import * as teamCalls from './team/team.calls';
import * as uploadCalls from './images/images.calls';
import * as userCalls from './user/user.calls';
import * as walletCalls from './wallet/wallet.calls';

/**
 * Every call Tidemark serves, by domain. The server registers exactly these. The app imports the
 * domains as namespaces (`userCalls.login`) so its bundle keeps only the calls a page uses.
 */
export const calls = {
  common: commonCalls,
  user: userCalls,
  auth: authCalls,
  content: contentCalls,
  market: marketCalls,
  assets: assetsCalls,
  spot: spotCalls,
  options: optionsCalls,
  leverage: leverageCalls,
  wallet: walletCalls,
  money: moneyCalls,
  kyc: kycCalls,
  uploads: uploadCalls,
  favourites: favouriteCalls,
  support: supportCalls,
  financial: financialCalls,
  team: teamCalls,
  loan: loanCalls,
};

function isCall(value: unknown): value is CallDef {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value;
}

export function listCalls(): CallDef[] {
  return Object.values(calls).flatMap((domain) => Object.values(domain).filter(isCall));
}

export const allCalls: readonly CallDef[] = /* @__PURE__ */ listCalls();
