import { optionsConsoleCalls } from '@tidemark/contract';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from '../../features/session/session-api';
import { oneOf } from '../../ui/use-search-state';
import { ExposureTab } from './exposure-tab';
import { OrdersTab } from './orders-tab';
import { PnlTab } from './pnl-tab';
import { ProductsTab } from './products-tab';

const TABS = ['products', 'exposure', 'pnl', 'orders'] as const;

/**
 * Option delivery for operators: the terms offered to new orders, what the open orders could cost
 * each pool, the pools' profit by day, and the orders. Nothing here can change a price, a tick, an
 * order's outcome or a settlement record: the console API has no such call.
 */
export default function OptionsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const tabs = [
    { key: 'products', label: t('console.options.tabs.products'), children: <ProductsTab /> },
    ...(can(optionsConsoleCalls.optionExposure)
      ? [{ key: 'exposure', label: t('console.options.tabs.exposure'), children: <ExposureTab /> }]
      : []),
    ...(can(optionsConsoleCalls.optionPoolPnl)
      ? [{ key: 'pnl', label: t('console.options.tabs.pnl'), children: <PnlTab /> }]
      : []),
    { key: 'orders', label: t('console.options.tabs.orders'), children: <OrdersTab /> },
  ];
  const wanted = oneOf(TABS, params.get('tab') ?? '', 'products');
  const tab = tabs.some((x) => x.key === wanted) ? wanted : 'products';
  return (
    <Card>
      <Tabs
        activeKey={tab}
        // Each tab has its own filters: switching starts the other one afresh.
        onChange={(key) => setParams(key === 'products' ? {} : { tab: key })}
        items={tabs}
        destroyOnHidden
      />
    </Card>
  );
}
