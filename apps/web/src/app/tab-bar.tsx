import TabBar from 'antd-mobile/es/components/tab-bar';
import {
  AppOutline,
  BillOutline,
  ClockCircleOutline,
  HistogramOutline,
  PayCircleOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ROUTES, type TabKey } from './routes';

const TABS: { key: TabKey; path: string; icon: ReactNode }[] = [
  { key: 'home', path: '/pages/index/index', icon: <AppOutline /> },
  { key: 'quotes', path: '/pages/quotes/index', icon: <HistogramOutline /> },
  { key: 'futures', path: '/pages/futures/encryption', icon: <ClockCircleOutline /> },
  { key: 'trade', path: '/pages/trade/index', icon: <PayCircleOutline /> },
  { key: 'assets', path: '/pages/assets/index', icon: <BillOutline /> },
];

/** The tab bar of SPEC.md section 2; a tab whose page is not built yet is not shown. */
export function AppTabBar({ active }: { active: TabKey }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tabs = TABS.filter((tab) => ROUTES.some((r) => r.path === tab.path));
  return (
    <nav className="app-tab-bar">
      <TabBar
        activeKey={active}
        safeArea
        onChange={(key) => {
          const tab = tabs.find((x) => x.key === key);
          if (tab) navigate(tab.path);
        }}
      >
        {tabs.map((tab) => (
          <TabBar.Item key={tab.key} icon={tab.icon} title={t(`tabs.${tab.key}`)} />
        ))}
      </TabBar>
    </nav>
  );
}
