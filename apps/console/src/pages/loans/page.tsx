import { loanConsoleCalls } from '@tidemark/contract';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from '../../features/session/session-api';
import { oneOf } from '../../ui/use-search-state';
import { FundTab } from './fund-tab';
import { ProductsTab } from './products-tab';
import { QueueTab } from './queue-tab';

const TABS = ['queue', 'products', 'fund'] as const;

/**
 * Coin loans for operators: the review queue with each application's images and score
 * components (approve pays out of the loan fund, reject needs a reason), outstanding and overdue
 * loans, the products and the fund. Nothing here changes a repayment, a penalty or a stored score.
 */
export default function LoansPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const tabs = [
    { key: 'queue', label: t('console.loans.tabs.queue'), children: <QueueTab /> },
    { key: 'products', label: t('console.loans.tabs.products'), children: <ProductsTab /> },
    ...(can(loanConsoleCalls.loanFund)
      ? [{ key: 'fund', label: t('console.loans.tabs.fund'), children: <FundTab /> }]
      : []),
  ];
  const wanted = oneOf(TABS, params.get('tab') ?? '', 'queue');
  const tab = tabs.some((x) => x.key === wanted) ? wanted : 'queue';
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'queue' ? {} : { tab: key })}
        items={tabs}
        destroyOnHidden
      />
    </Card>
  );
}
