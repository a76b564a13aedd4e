import { Input, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLedgerTransactions } from '../../features/ledger/ledger-api';
import { TransactionEntries } from '../../features/ledger/transaction-entries';
import { formatTime } from '../../ui/format';
import { PagedTable } from '../../ui/paged-table';
import { positiveInt, useSearchState } from '../../ui/use-search-state';
import type { LedgerTransaction } from '../../api/types';
import { UserIdFilter } from './user-id-filter';

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
        <UserIdFilter value={search.userId} onChange={(text) => setSearch({ userId: text })} />
        <Input.Search
          key={`reference-${search.reference}`}
          defaultValue={search.reference}
          placeholder={t('console.users.reference')}
          allowClear
          onSearch={(value) => setSearch({ reference: value.trim() })}
          style={{ width: 260 }}
        />
      </div>
      <PagedTable<LedgerTransaction>
        size="small"
        query={transactions}
        columns={columns}
        emptyText={t('console.common.empty')}
        expandable={{ expandedRowRender: (x) => <TransactionEntries id={x.id} /> }}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={(next) => setSearch({ page: String(next) })}
      />
    </>
  );
}
