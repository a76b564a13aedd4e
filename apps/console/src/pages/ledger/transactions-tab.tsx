import { Input, InputNumber, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLedgerTransactions } from '../../features/ledger/ledger-api';
import { TransactionEntries } from '../../features/ledger/transaction-entries';
import { formatTime } from '../../ui/format';
import { QueryError } from '../../ui/query-state';
import { positiveInt, useSearchState } from '../../ui/use-search-state';
import type { LedgerTransaction } from '../../api/types';

const DEFAULTS = { type: '', userId: '', reference: '', page: '1', tab: 'transactions' } as const;
const PAGE_SIZE = 20;

/** Posted transactions, newest first; a row opens its entries. */
export function TransactionsTab() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchState(DEFAULTS);
  const userId = positiveInt(search.userId, 0) || undefined;
  const page = positiveInt(search.page, 1);
  const transactions = useLedgerTransactions({
    type: search.type || undefined,
    userId,
    reference: search.reference || undefined,
    page,
    pageSize: PAGE_SIZE,
  });

  const columns: TableColumnsType<LedgerTransaction> = [
    { title: t('console.common.id'), dataIndex: 'id', width: 90 },
    {
      title: t('console.common.type'),
      key: 'type',
      render: (_, x) => <Tag>{x.type}</Tag>,
    },
    {
      title: t('console.users.reference'),
      key: 'reference',
      render: (_, x) => <span className="mono">{x.reference}</span>,
    },
    { title: t('console.ledger.entries'), dataIndex: 'entryCount', align: 'end' },
    {
      title: t('console.common.time'),
      key: 'createdAt',
      render: (_, x) => formatTime(x.createdAt),
    },
  ];

  return (
    <>
      <div className="toolbar">
        <Input.Search
          key={`type-${search.type}`}
          defaultValue={search.type}
          placeholder={t('console.common.type')}
          allowClear
          onSearch={(value) => setSearch({ type: value.trim() })}
          style={{ width: 200 }}
        />
        <InputNumber
          key={`user-${search.userId}`}
          min={1}
          precision={0}
          defaultValue={userId}
          placeholder={t('console.ledger.userId')}
          onPressEnter={(e) => setSearch({ userId: (e.target as HTMLInputElement).value })}
          onBlur={(e) => setSearch({ userId: e.target.value })}
          style={{ width: 140 }}
          aria-label={t('console.ledger.userId')}
        />
        <Input.Search
          key={`reference-${search.reference}`}
          defaultValue={search.reference}
          placeholder={t('console.users.reference')}
          allowClear
          onSearch={(value) => setSearch({ reference: value.trim() })}
          style={{ width: 260 }}
        />
      </div>
      <QueryError error={transactions.error} retry={transactions.refetch} />
      <Table<LedgerTransaction>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={transactions.data?.list}
        loading={transactions.isFetching}
        locale={{ emptyText: t('console.common.empty') }}
        expandable={{ expandedRowRender: (x) => <TransactionEntries id={x.id} /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: transactions.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('console.common.total', { count: total }),
          onChange: (next) => setSearch({ page: String(next) }),
        }}
      />
    </>
  );
}
