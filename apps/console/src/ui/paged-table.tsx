import { Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from './query-state';

/** The read behind the table: one page of a list call ({list, total, page, pageSize}). */
interface PageQuery<T> {
  data: { list: readonly T[]; total: number } | undefined;
  error: unknown;
  isFetching: boolean;
  refetch(): unknown;
}

export type PagedTableProps<T> = Omit<
  TableProps<T>,
  'rowKey' | 'dataSource' | 'locale' | 'pagination'
> & {
  query: PageQuery<T>;
  /** The page shown, from 1 (kept in the URL by the page). */
  page: number;
  pageSize: number;
  emptyText: string;
  onPageChange(page: number): void;
};

/**
 * One page of a list call as a table: the call's failure above it with a retry, the rows keyed by
 * id (loading while a page is fetched) and a pager that counts every row.
 */
export function PagedTable<T extends { id: number }>({
  query,
  page,
  pageSize,
  emptyText,
  onPageChange,
  loading = query.isFetching,
  ...table
}: PagedTableProps<T>) {
  const { t } = useTranslation();
  return (
    <>
      <QueryError error={query.error} retry={query.refetch} />
      <Table<T>
        {...table}
        rowKey="id"
        dataSource={query.data?.list}
        loading={loading}
        locale={{ emptyText }}
        pagination={{
          current: page,
          pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('console.common.total', { count: total }),
          onChange: onPageChange,
        }}
      />
    </>
  );
}
