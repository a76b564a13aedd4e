import { teamConsoleCalls } from '@tidemark/contract';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from '../../features/session/session-api';
import { oneOf } from '../../ui/use-search-state';
import { BudgetTab } from './budget-tab';
import { RebatesTab } from './rebates-tab';
import { TermsTab } from './terms-tab';
import { TreeTab } from './tree-tab';

const TABS = ['terms', 'budget', 'tree', 'rebates'] as const;

/**
 * The team for operators: the rebate terms for rebates recorded from now on, the rebate budget
 * against what is pending (funding is audited), a trader's team two levels deep, and the rebate
 * ledger. No call here edits a recorded rebate.
 */
export default function TeamPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const tabs = [
    { key: 'terms', label: t('console.team.tabs.terms'), children: <TermsTab /> },
    ...(can(teamConsoleCalls.teamBudget)
      ? [{ key: 'budget', label: t('console.team.tabs.budget'), children: <BudgetTab /> }]
      : []),
    { key: 'tree', label: t('console.team.tabs.tree'), children: <TreeTab /> },
    { key: 'rebates', label: t('console.team.tabs.rebates'), children: <RebatesTab /> },
  ];
  const wanted = oneOf(TABS, params.get('tab') ?? '', 'terms');
  const tab = tabs.some((x) => x.key === wanted) ? wanted : 'terms';
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'terms' ? {} : { tab: key })}
        items={tabs}
        destroyOnHidden
      />
    </Card>
  );
}
