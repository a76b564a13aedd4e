import type { AccountMode } from '@tidemark/contract';
import { Table, Tabs, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../../ui/amount';
import type { UserBalance } from '../../../api/types';
import { BOOKS } from '../books';

/** Both books' balances from the ledger, one tab per book, per wallet and currency. */
export function BalancesTable({ balances }: { balances: readonly UserBalance[] }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<UserBalance> = [
    {
      title: t('console.users.wallet'),
      key: 'wallet',
      render: (_, b) => t(`assets.wallets.${b.wallet}`, { defaultValue: b.wallet }),
    },
    { title: t('console.common.currency'), dataIndex: 'currency' },
    {
      title: t('console.users.available'),
      key: 'available',
      align: 'end',
      render: (_, b) => <Amount value={b.available} />,
    },
    {
      title: t('console.users.frozen'),
      key: 'frozen',
      align: 'end',
      render: (_, b) => <Amount value={b.frozen} />,
    },
  ];
  const book = (mode: AccountMode) => (
    <Table<UserBalance>
      size="small"
      rowKey={(b) => `${b.book}.${b.wallet}.${b.currency}`}
      columns={columns}
      dataSource={balances.filter((b) => b.book === mode)}
      pagination={false}
      locale={{ emptyText: t('console.users.noBalances') }}
    />
  );
  return (
    <Tabs
      defaultActiveKey="real"
      items={BOOKS.map((mode) => ({
        key: mode,
        label: t(`console.books.${mode}`),
        children: book(mode),
      }))}
    />
  );
}
