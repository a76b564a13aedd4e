import { leverageConsoleCalls } from '@tidemark/contract';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from '../../features/session/session-api';
import { oneOf } from '../../ui/use-search-state';
import { ExposureTab } from './exposure-tab';
import { FundTab } from './fund-tab';
import { PositionsTab } from './positions-tab';
import { TermsTab } from './terms-tab';

const TABS = ['terms', 'exposure', 'positions', 'fund'] as const;

/**
 * The leveraged contract for operators: the terms and tier thresholds offered to positions opened
 * from now on, the open exposure per symbol against each insurance fund, the positions, and the
 * fund's movements with funding from the treasury. Nothing here can change a price, a position's
 * entry or exit, or a P&L: the console API has no such call.
 */
export default function LeveragePage() {
  const { t } = useTranslation();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const tabs = [
    { key: 'terms', label: t('console.leverage.tabs.terms'), children: <TermsTab /> },
    ...(can(leverageConsoleCalls.leverageExposure)
      ? [{ key: 'exposure', label: t('console.leverage.tabs.exposure'), children: <ExposureTab /> }]
      : []),
    { key: 'positions', label: t('console.leverage.tabs.positions'), children: <PositionsTab /> },
    ...(can(leverageConsoleCalls.leverageFund)
      ? [{ key: 'fund', label: t('console.leverage.tabs.fund'), children: <FundTab /> }]
      : []),
  ];
  const wanted = oneOf(TABS, params.get('tab') ?? '', 'terms');
  const tab = tabs.some((x) => x.key === wanted) ? wanted : 'terms';
  return (
    <Card>
      <Tabs
        activeKey={tab}
        // Each tab has its own filters: switching starts the other one afresh.
        onChange={(key) => setParams(key === 'terms' ? {} : { tab: key })}
        items={tabs}
        destroyOnHidden
      />
    </Card>
  );
}
