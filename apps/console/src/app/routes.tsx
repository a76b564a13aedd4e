import {
  AccountBookOutlined,
  AuditOutlined,
  CustomerServiceOutlined,
  BankOutlined,
  DashboardOutlined,
  FieldTimeOutlined,
  GoldOutlined,
  FundOutlined,
  IdcardOutlined,
  LoginOutlined,
  LogoutOutlined,
  MailOutlined,
  NotificationOutlined,
  NodeIndexOutlined,
  ShareAltOutlined,
  StockOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import {
  consoleCalls,
  financialConsoleCalls,
  leverageConsoleCalls,
  loanConsoleCalls,
  marketConsoleCalls,
  optionsConsoleCalls,
  contentConsoleCalls,
  teamConsoleCalls,
  supportConsoleCalls,
  type ConsoleCallDef,
} from '@tidemark/contract';
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

export interface ConsoleRoute {
  path: string;
  /** The menu entry it lights up (a detail page lights up its list). */
  menu: string;
  /** Key of console.menu.* (menu entries only). */
  label?: string;
  icon?: ReactNode;
  /** The call the page cannot work without: the menu hides pages the role may not call. */
  call: ConsoleCallDef;
  page: LazyExoticComponent<ComponentType>;
}

/** Every page of the console, in menu order; each page is its own chunk. */
export const ROUTES: readonly ConsoleRoute[] = [
  {
    path: '/',
    menu: 'dashboard',
    label: 'dashboard',
    icon: <DashboardOutlined />,
    call: consoleCalls.getDashboard,
    page: lazy(() => import('../pages/dashboard/page')),
  },
  {
    path: '/users',
    menu: 'users',
    label: 'users',
    icon: <UserOutlined />,
    call: consoleCalls.listUsers,
    page: lazy(() => import('../pages/users/page')),
  },
  {
    path: '/users/:id',
    menu: 'users',
    call: consoleCalls.getUser,
    page: lazy(() => import('../pages/users/detail/page')),
  },
  {
    path: '/deposits',
    menu: 'deposits',
    label: 'deposits',
    icon: <LoginOutlined />,
    call: consoleCalls.listDeposits,
    page: lazy(() => import('../pages/deposits/page')),
  },
  {
    path: '/withdrawals',
    menu: 'withdrawals',
    label: 'withdrawals',
    icon: <LogoutOutlined />,
    call: consoleCalls.listWithdrawals,
    page: lazy(() => import('../pages/withdrawals/page')),
  },
  {
    path: '/kyc',
    menu: 'kyc',
    label: 'kyc',
    icon: <IdcardOutlined />,
    call: consoleCalls.listKyc,
    page: lazy(() => import('../pages/kyc/page')),
  },
  {
    path: '/chains',
    menu: 'chains',
    label: 'chains',
    icon: <NodeIndexOutlined />,
    call: consoleCalls.listChains,
    page: lazy(() => import('../pages/chains/page')),
  },
  {
    path: '/market',
    menu: 'market',
    label: 'market',
    icon: <StockOutlined />,
    call: marketConsoleCalls.marketSources,
    page: lazy(() => import('../pages/market/page')),
  },
  {
    path: '/options',
    menu: 'options',
    label: 'options',
    icon: <FieldTimeOutlined />,
    call: optionsConsoleCalls.listOptionProducts,
    page: lazy(() => import('../pages/options/page')),
  },
  {
    path: '/financial',
    menu: 'financial',
    label: 'financial',
    icon: <GoldOutlined />,
    call: financialConsoleCalls.listMoneyProducts,
    page: lazy(() => import('../pages/financial/page')),
  },
  {
    path: '/loans',
    menu: 'loans',
    label: 'loans',
    icon: <AccountBookOutlined />,
    call: loanConsoleCalls.listLoans,
    page: lazy(() => import('../pages/loans/page')),
  },
  {
    path: '/leverage',
    menu: 'leverage',
    label: 'leverage',
    icon: <FundOutlined />,
    call: leverageConsoleCalls.listLeverageTerms,
    page: lazy(() => import('../pages/leverage/page')),
  },
  {
    path: '/support',
    menu: 'support',
    label: 'support',
    icon: <CustomerServiceOutlined />,
    call: supportConsoleCalls.listSupportConversations,
    page: lazy(() => import('../pages/support/page')),
  },
  {
    path: '/team',
    menu: 'team',
    label: 'team',
    icon: <ShareAltOutlined />,
    call: teamConsoleCalls.teamTermsConsole,
    page: lazy(() => import('../pages/team/page')),
  },
  {
    path: '/content',
    menu: 'content',
    label: 'content',
    icon: <NotificationOutlined />,
    call: contentConsoleCalls.listContentItems,
    page: lazy(() => import('../pages/content/page')),
  },
  {
    path: '/ledger',
    menu: 'ledger',
    label: 'ledger',
    icon: <BankOutlined />,
    call: consoleCalls.ledgerAccounts,
    page: lazy(() => import('../pages/ledger/page')),
  },
  {
    path: '/audit',
    menu: 'audit',
    label: 'audit',
    icon: <AuditOutlined />,
    call: consoleCalls.listAudit,
    page: lazy(() => import('../pages/audit/page')),
  },
  {
    path: '/outbox',
    menu: 'outbox',
    label: 'outbox',
    icon: <MailOutlined />,
    call: consoleCalls.listOutbox,
    page: lazy(() => import('../pages/outbox/page')),
  },
  {
    path: '/operators',
    menu: 'operators',
    label: 'operators',
    icon: <TeamOutlined />,
    call: consoleCalls.listOperators,
    page: lazy(() => import('../pages/operators/page')),
  },
];
