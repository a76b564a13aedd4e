import {
  ACCOUNT_CHANGE_FILTERS,
  type AccountChangeFilter,
  type AccountMode,
} from '@tidemark/contract';
import { Segmented, Select, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../../ui/amount';
import { formatTime } from '../../../ui/format';
import type { UserDetail } from '../../../api/types';
import { BOOKS } from '../books';

type Changes = UserDetail['changes'];
type Change = Changes['list'][number];

/** One page of the trader's account-change log, by book and filter, as the trader sees it. */
export function ChangeLog({
  changes,
  filter,
  loading,
  onChange,
}: {
  changes: Changes;
  filter: AccountChangeFilter;
  loading: boolean;
  onChange(next: { book?: AccountMode; type?: AccountChangeFilter; page?: number }): void;
}) {
  const { t } = useTranslation();
  const columns: TableColumnsType<Change> = [
    { title: t('console.common.time'), key: 'time', render: (_, c) => formatTime(c.time) },
    {
      title: t('console.common.type'),
      key: 'type',
      render: (_, c) => t(`assets.types.${c.type}`, { defaultValue: c.type }),
    },
    {
      title: t('console.users.wallet'),
      key: 'wallet',
      render: (_, c) => t(`assets.wallets.${c.wallet}`, { defaultValue: c.wallet }),
    },
    {
      title: t('console.common.amount'),
      key: 'amount',
      align: 'end',
      render: (_, c) => <Amount value={c.amount} currency={c.currency} signed />,
    },
    {
      title: t('console.users.balanceAfter'),
      key: 'balanceAfter',
      align: 'end',
      render: (_, c) => <Amount value={c.balanceAfter} />,
    },
    {
      title: t('console.users.reference'),
      key: 'reference',
      render: (_, c) => <span className="mono">{c.reference}</span>,
    },
  ];
  return (
    <>
      <div className="toolbar">
        <Segmented
          value={changes.book}
          onChange={(book) => onChange({ book: book as AccountMode, page: 1 })}
          options={BOOKS.map((m) => ({ value: m, label: t(`console.books.${m}`) }))}
        />
        <Select
          value={filter}
          onChange={(type) => onChange({ type, page: 1 })}
          style={{ width: 200 }}
          aria-label={t('console.common.type')}
          options={ACCOUNT_CHANGE_FILTERS.map((f) => ({
            value: f,
            label: t(`assets.log.filters.${f}`),
          }))}
        />
      </div>
      <Table<Change>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={changes.list}
        loading={loading}
        locale={{ emptyText: t('console.users.noChanges') }}
        pagination={{
          current: changes.page,
          pageSize: changes.pageSize,
          total: changes.total,
          showSizeChanger: false,
          showTotal: (total) => t('console.common.total', { count: total }),
          onChange: (page) => onChange({ page }),
        }}
      />
    </>
  );
}
