import { Tabs, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type PagedTableProps } from '../../ui/paged-table';
import { UserLink } from '../../ui/user-link';

/** What every queued record has: its number and the trader it belongs to. */
interface QueueRecord {
  id: number;
  userId: number;
  userAccount: string;
}

type ReviewQueueProps<T, S extends string> = Omit<PagedTableProps<T>, 'onPageChange'> & {
  /** The tabs, in review order. */
  statuses: readonly S[];
  status: S;
  statusLabel(status: S): string;
  /** The queue's other filters, beside the tabs. */
  filters?: ReactNode;
  /** Changes the URL's status or page (see useSearchState). */
  onSearch(patch: { status?: string; page?: string }): void;
};

/** A review queue: a tab per status above one page of the records in it. */
export function ReviewQueue<T extends QueueRecord, S extends string>({
  statuses,
  status,
  statusLabel,
  filters,
  onSearch,
  ...table
}: ReviewQueueProps<T, S>) {
  return (
    <>
      <Tabs
        activeKey={status}
        onChange={(key) => onSearch({ status: key })}
        items={statuses.map((s) => ({ key: s, label: statusLabel(s) }))}
        tabBarExtraContent={filters}
      />
      <PagedTable<T> {...table} onPageChange={(next) => onSearch({ page: String(next) })} />
    </>
  );
}

/** The columns every queue starts with: the record's number and its trader. */
export function useRecordColumns<T extends QueueRecord>(): TableColumnsType<T> {
  const { t } = useTranslation();
  return [
    { title: t('console.common.id'), dataIndex: 'id', width: 70 },
    {
      title: t('console.common.user'),
      key: 'user',
      render: (_, r) => <UserLink userId={r.userId} account={r.userAccount} />,
    },
  ];
}
