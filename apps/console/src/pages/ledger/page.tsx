import { Card, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CheckCard } from '../../features/ledger/check-card';
import { AccountsTab } from './accounts-tab';
import { TransactionsTab } from './transactions-tab';

/** Read-only view of the ledger: accounts, transactions with entries, and the invariant check. */
export default function LedgerPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'transactions' ? 'transactions' : 'accounts';
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <CheckCard />
      <Card>
        <Tabs
          activeKey={tab}
          // Each tab has its own filters: switching starts the other one afresh.
          onChange={(key) => setParams(key === 'accounts' ? {} : { tab: key })}
          items={[
            { key: 'accounts', label: t('console.ledger.accounts'), children: <AccountsTab /> },
            {
              key: 'transactions',
              label: t('console.ledger.transactions'),
              children: <TransactionsTab />,
            },
          ]}
          destroyOnHidden
        />
      </Card>
    </Space>
  );
}
