import type { BoundCall } from '../http/calls';
import { assetsRoutes } from './assets/assets.routes';
import { authRoutes } from './auth/auth.routes';
import { commonRoutes } from './common/common.routes';
import { contentRoutes } from './content/content.routes';
import { favouriteRoutes } from './favourites/favourites.routes';
import { financialRoutes } from './financial/financial.routes';
import { loanRoutes } from './loan/loan.routes';
import { kycRoutes } from './kyc/kyc.routes';
import { marketRoutes } from './market/market.routes';
import { moneyRoutes } from './money/money.routes';
import { optionsRoutes } from './options/options.routes';
import { leverageRoutes } from './leverage/leverage.routes';
import { spotMarketRoutes, spotRoutes } from './spot/spot.routes';
import { teamRoutes } from './team/team.routes';
import { supportRoutes } from './support/support.routes';
import { uploadsRoutes } from './images/images.routes';
import { userRoutes } from './user/user.routes';
import { walletRoutes } from './wallet/wallet.routes';

/** Every contract call with its handler; registerCalls checks the two agree. */
export const allRoutes: readonly BoundCall[] = [
  ...commonRoutes,
  ...userRoutes,
  ...authRoutes,
  ...contentRoutes,
  ...marketRoutes,
  ...assetsRoutes,
  ...spotRoutes,
  ...spotMarketRoutes,
  ...optionsRoutes,
  ...leverageRoutes,
  ...walletRoutes,
  ...moneyRoutes,
  ...kycRoutes,
  ...uploadsRoutes,
  ...favouriteRoutes,
  ...teamRoutes,
  ...financialRoutes,
  ...loanRoutes,
  ...supportRoutes,
];
