import { lazyPage, type LazyPage } from './lazy-page';

export type TabKey = 'home' | 'quotes' | 'futures' | 'trade' | 'assets';

export interface AppRoute {
  /** Exactly the spec's path (SPEC.md section 2), without the leading '#'. */
  path: string;
  page: LazyPage;
  /** The tab this page is the root of; tab pages show the tab bar and switch without sliding. */
  tab?: TabKey;
  /** Visitors are sent to login first. */
  auth?: boolean;
}

// Home needs only the core texts: the first route does not wait for the pages pack.
export const HOME_PAGE = lazyPage(() => import('../pages/index/index/page'), { texts: 'core' });

/** Every page that exists. The tab bar and the home shortcuts show only what is listed here. */
export const ROUTES: readonly AppRoute[] = [
  { path: '/', page: HOME_PAGE, tab: 'home' },
  { path: '/pages/index/index', page: HOME_PAGE, tab: 'home' },
  {
    path: '/pages/quotes/index',
    page: lazyPage(() => import('../pages/quotes/index/page')),
    tab: 'quotes',
  },
  {
    path: '/pages/futures/encryption',
    page: lazyPage(() => import('../pages/futures/encryption/page')),
    tab: 'futures',
  },
  {
    path: '/pages/futures/record',
    page: lazyPage(() => import('../pages/futures/record/page')),
    auth: true,
  },
  {
    path: '/pages/futures/details',
    page: lazyPage(() => import('../pages/futures/details/page')),
    auth: true,
  },
  { path: '/pages/trade/trend', page: lazyPage(() => import('../pages/trade/trend/page')) },
  {
    path: '/pages/trade/index',
    page: lazyPage(() => import('../pages/trade/index/page')),
    tab: 'trade',
  },
  {
    path: '/pages/trade/history',
    page: lazyPage(() => import('../pages/trade/history/page')),
    auth: true,
  },
  {
    path: '/pages/futures/verify',
    page: lazyPage(() => import('../pages/futures/verify/page')),
  },
  { path: '/pages/futures/index', page: lazyPage(() => import('../pages/futures/index/page')) },
  {
    path: '/pages/Financial/index',
    page: lazyPage(() => import('../pages/Financial/index/page')),
  },
  {
    path: '/pages/Financial/combo',
    page: lazyPage(() => import('../pages/Financial/combo/page')),
    auth: true,
  },
  {
    path: '/pages/Financial/success',
    page: lazyPage(() => import('../pages/Financial/success/page')),
    auth: true,
  },
  {
    path: '/pages/Financial/TransactionRecord',
    page: lazyPage(() => import('../pages/Financial/TransactionRecord/page')),
    auth: true,
  },
  { path: '/pages/futures/desc', page: lazyPage(() => import('../pages/futures/desc/page')) },
  {
    path: '/pages/linkShare/index',
    page: lazyPage(() => import('../pages/linkShare/index/page')),
    auth: true,
  },
  {
    path: '/pages/linkShare/recommend',
    page: lazyPage(() => import('../pages/linkShare/recommend/page')),
    auth: true,
  },

  { path: '/pages/lever/index', page: lazyPage(() => import('../pages/lever/index/page')) },
  {
    path: '/pages/lever/leverTrade',
    page: lazyPage(() => import('../pages/lever/lever-trade/page')),
  },
  {
    path: '/pages/lever/record',
    page: lazyPage(() => import('../pages/lever/record/page')),
    auth: true,
  },
  {
    path: '/pages/lever/details',
    page: lazyPage(() => import('../pages/lever/details/page')),
    auth: true,
  },
  { path: '/pages/lever/desc', page: lazyPage(() => import('../pages/lever/desc/page')) },
  {
    path: '/pages/setting/memberTier',
    page: lazyPage(() => import('../pages/setting/member-tier/page')),
    auth: true,
  },

  { path: '/pages/login/login', page: lazyPage(() => import('../pages/login/login/page')) },
  { path: '/pages/login/register', page: lazyPage(() => import('../pages/login/register/page')) },
  {
    path: '/pages/login/forgetPwd',
    page: lazyPage(() => import('../pages/login/forget-pwd/page')),
  },
  { path: '/pages/other/login', page: lazyPage(() => import('../pages/other/login/page')) },

  {
    path: '/pages/assets/index',
    page: lazyPage(() => import('../pages/assets/index/page')),
    tab: 'assets',
    auth: true,
  },
  {
    path: '/pages/assets/Transfer',
    page: lazyPage(() => import('../pages/assets/transfer/page')),
    auth: true,
  },
  { path: '/pages/index/service', page: lazyPage(() => import('../pages/index/service/page')) },
  {
    path: '/pages/index/helpCenter',
    page: lazyPage(() => import('../pages/index/help-center/page')),
  },
  {
    path: '/pages/siteMail/index',
    page: lazyPage(() => import('../pages/siteMail/index/page')),
    auth: true,
  },
  {
    path: '/pages/siteMail/detail',
    page: lazyPage(() => import('../pages/siteMail/detail/page')),
    auth: true,
  },
  {
    path: '/pages/announcement/index',
    page: lazyPage(() => import('../pages/announcement/index/page')),
  },
  {
    path: '/pages/announcement/detail',
    page: lazyPage(() => import('../pages/announcement/detail/page')),
  },
  {
    path: '/pages/growthAcademy/index',
    page: lazyPage(() => import('../pages/growthAcademy/index/page')),
  },
  {
    path: '/pages/index/webServe',
    page: lazyPage(() => import('../pages/index/web-serve/page')),
  },
  {
    path: '/pages/index/list',
    page: lazyPage(() => import('../pages/index/list/page')),
    auth: true,
  },

  {
    path: '/pages/setting/index',
    page: lazyPage(() => import('../pages/setting/index/page')),
    auth: true,
  },
  {
    path: '/pages/setting/phoneNumber',
    page: lazyPage(() => import('../pages/setting/phone-number/page')),
    auth: true,
  },
  {
    path: '/pages/setting/email',
    page: lazyPage(() => import('../pages/setting/email/page')),
    auth: true,
  },
  {
    path: '/pages/setting/NickName',
    page: lazyPage(() => import('../pages/setting/nick-name/page')),
    auth: true,
  },
  {
    path: '/pages/setting/passWord',
    page: lazyPage(() => import('../pages/setting/pass-word/page')),
    auth: true,
  },
  {
    path: '/pages/setting/payPassWord',
    page: lazyPage(() => import('../pages/setting/pay-pass-word/page')),
    auth: true,
  },

  {
    path: '/pages/deposit/index',
    page: lazyPage(() => import('../pages/deposit/index/page')),
    auth: true,
  },
  {
    path: '/pages/deposit/tokenList',
    page: lazyPage(() => import('../pages/deposit/token-list/page')),
    auth: true,
  },
  {
    path: '/pages/deposit/record',
    page: lazyPage(() => import('../pages/deposit/record/page')),
    auth: true,
  },
  {
    path: '/pages/deposit/success',
    page: lazyPage(() => import('../pages/deposit/success/page')),
    auth: true,
  },
  {
    path: '/pages/deposit/withdrawalDetails',
    page: lazyPage(() => import('../pages/deposit/withdrawal-details/page')),
    auth: true,
  },
  {
    path: '/pages/Withdrawal/index',
    page: lazyPage(() => import('../pages/withdrawal/index/page')),
    auth: true,
  },
  {
    path: '/pages/Withdrawal/tokenList',
    page: lazyPage(() => import('../pages/withdrawal/token-list/page')),
    auth: true,
  },
  {
    path: '/pages/Withdrawal/success',
    page: lazyPage(() => import('../pages/withdrawal/success/page')),
    auth: true,
  },
  {
    path: '/pages/loan/index',
    page: lazyPage(() => import('../pages/loan/index/page')),
    auth: true,
  },
  {
    path: '/pages/loan/creditScore',
    page: lazyPage(() => import('../pages/loan/creditScore/page')),
    auth: true,
  },
  { path: '/pages/loan/protocol', page: lazyPage(() => import('../pages/loan/protocol/page')) },
  {
    path: '/pages/loan/record',
    page: lazyPage(() => import('../pages/loan/record/page')),
    auth: true,
  },
  {
    path: '/pages/loan/success',
    page: lazyPage(() => import('../pages/loan/success/page')),
    auth: true,
  },
  {
    path: '/pages/wallet/index',
    page: lazyPage(() => import('../pages/wallet/index/page')),
    auth: true,
  },
  {
    path: '/pages/wallet/WalletAddress',
    page: lazyPage(() => import('../pages/wallet/wallet-address/page')),
    auth: true,
  },
  {
    path: '/pages/verify/index',
    page: lazyPage(() => import('../pages/verify/index/page')),
    auth: true,
  },
  {
    path: '/pages/verify/primary',
    page: lazyPage(() => import('../pages/verify/primary/page')),
    auth: true,
  },
  {
    path: '/pages/verify/high',
    page: lazyPage(() => import('../pages/verify/high/page')),
    auth: true,
  },
  {
    path: '/pages/verify/passport',
    page: lazyPage(() => import('../pages/verify/passport/page')),
    auth: true,
  },

  {
    path: '/pages/setting/language',
    page: lazyPage(() => import('../pages/setting/language/page')),
  },
  {
    path: '/pages/setting/testNet',
    page: lazyPage(() => import('../pages/setting/test-net/page')),
  },
];

const known = new Set(ROUTES.map((r) => r.path));

/** Whether a page exists yet: links and shortcuts to pages still to come are not shown. */
export function routeExists(path: string): boolean {
  return known.has(path.split('?')[0] ?? path);
}

export function tabOf(path: string): TabKey | undefined {
  return ROUTES.find((r) => r.path === path)?.tab;
}
