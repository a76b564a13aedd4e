import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../ui/amount';
import { QueryState } from '../../ui/query-state';
import { UserLink } from '../../ui/user-link';
import { useLedgerTransaction } from './ledger-api';
import type { LedgerEntry } from '../../api/types';

/** The entries of one posted transaction; they sum to zero per currency. */
export function TransactionEntries({ id }: { id: number }) {
  const { t } = useTranslation();
  const transaction = useLedgerTransaction(id);
  const columns: TableColumnsType<LedgerEntry> = [
    { title: t('console.ledger.account'), dataIndex: 'accountId', width: 90 },
    {
      title: t('console.ledger.owner'),
      key: 'owner',
      render: (_, e) =>
        e.owner === 'user' && e.userId ? (
          <UserLink userId={e.userId} />
        ) : (
          t('console.ledger.owners.system')
        ),
    },
    { title: t('console.users.book'), key: 'book', render: (_, e) => t(`console.books.${e.book}`) },
    { title: t('console.users.wallet'), dataIndex: 'wallet' },
    { title: t('console.common.currency'), dataIndex: 'currency' },
    {
      title: t('console.common.amount'),
      key: 'amount',
      align: 'end',
      render: (_, e) => <Amount value={e.amount} signed />,
    },
    {
      title: t('console.users.balanceAfter'),
      key: 'balanceAfter',
      align: 'end',
      render: (_, e) => <Amount value={e.balanceAfter} />,
    },
  ];
  return (
    <QueryState query={transaction}>
      {(data) => (
        <Table<LedgerEntry>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={data.entries}
          pagination={false}
        />
      )}
    </QueryState>
  );
}
