import { ACCOUNT_MODES, LEVERAGE_STATUSES } from '@tidemark/contract';
import { Input, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLeveragePositions } from '../../features/leverage/leverage-api';
import type { LeveragePositionRecord } from '../../features/leverage/leverage-types';
import { Amount } from '../../ui/amount';
import { formatTime } from '../../ui/format';
import { PagedTable } from '../../ui/paged-table';
import { UserLink } from '../../ui/user-link';
import { oneOf, positiveInt, useSearchState } from '../../ui/use-search-state';
import { useBookOptions } from '../../ui/book-options';

const DEFAULTS = { tab: 'positions', user: '', book: '', status: '', page: '1' } as const;
const PAGE_SIZE = 20;

/** Positions newest first, by trader id, book and status: read only. */
export function PositionsTab() {
  const { t } = useTranslation();
  const bookOptions = useBookOptions();
  const [search, setSearch] = useSearchState(DEFAULTS);
  const page = positiveInt(search.page, 1);
  const userId = positiveInt(search.user, 0) || undefined;
  const book = oneOf(ACCOUNT_MODES, search.book, undefined);
  const status = oneOf(LEVERAGE_STATUSES, search.status, undefined);
  const positions = useLeveragePositions({ userId, book, status, page, pageSize: PAGE_SIZE });

  const columns: TableColumnsType<LeveragePositionRecord> = [
    { title: t('console.common.id'), dataIndex: 'id' },
    {
      title: t('console.common.user'),
      key: 'user',
      render: (_, p) => <UserLink userId={p.userId} />,
    },
    {
      title: t('console.leverage.book'),
      key: 'book',
      render: (_, p) => <Tag>{t(`console.books.${p.mode}`)}</Tag>,
    },
    { title: t('console.leverage.symbol'), dataIndex: 'symbol' },
    {
      title: t('console.leverage.direction'),
      key: 'direction',
      render: (_, p) => (
        <Tag color={p.direction === 'long' ? 'green' : 'red'}>
          {t(`console.leverage.directions.${p.direction}`)}
        </Tag>
      ),
    },
    {
      title: t('console.leverage.lotsMultiple'),
      key: 'lots',
      align: 'end',
      render: (_, p) => `${p.lots} × ${p.multiple}×`,
    },
    {
      title: t('console.leverage.margin'),
      key: 'margin',
      align: 'end',
      render: (_, p) => <Amount value={p.margin} />,
    },
    {
      title: t('console.leverage.entryExit'),
      key: 'prices',
      align: 'end',
      render: (_, p) => (
        <>
          <Amount value={p.entryPrice} />
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {p.exitPrice ? <Amount value={p.exitPrice} /> : '-'}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('console.leverage.pnl'),
      key: 'pnl',
      align: 'end',
      render: (_, p) => <Amount value={p.pnl} signed />,
    },
    {
      title: t('console.common.status'),
      key: 'status',
      render: (_, p) =>
        p.status === 'open' ? (
          <Tag color="processing">{t('console.leverage.statuses.open')}</Tag>
        ) : (
          <Tag>{t(`console.leverage.closedBy.${p.closedBy ?? 'user'}`)}</Tag>
        ),
    },
    {
      title: t('console.leverage.times'),
      key: 'times',
      render: (_, p) => (
        <>
          {formatTime(p.openTime)}
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatTime(p.closeTime)}
          </Typography.Text>
        </>
      ),
    },
  ];

  return (
    <>
      <div className="toolbar">
        <Input.Search
          key={`user-${search.user}`}
          defaultValue={search.user}
          placeholder={t('console.leverage.userSearch')}
          aria-label={t('console.leverage.userSearch')}
          allowClear
          inputMode="numeric"
          onSearch={(value) => setSearch({ user: value.trim() })}
          style={{ width: 200 }}
        />
        <Select
          allowClear
          value={book}
          placeholder={t('console.leverage.allBooks')}
          onChange={(value?: string) => setSearch({ book: value ?? '' })}
          options={bookOptions}
          style={{ width: 160 }}
          aria-label={t('console.leverage.book')}
        />
        <Select
          allowClear
          value={status}
          placeholder={t('console.leverage.allStatuses')}
          onChange={(value?: string) => setSearch({ status: value ?? '' })}
          options={LEVERAGE_STATUSES.map((s) => ({
            value: s,
            label: t(`console.leverage.statuses.${s}`),
          }))}
          style={{ width: 160 }}
          aria-label={t('console.common.status')}
        />
      </div>
      <PagedTable<LeveragePositionRecord>
        size="small"
        query={positions}
        columns={columns}
        scroll={{ x: 'max-content' }}
        emptyText={t('console.leverage.noPositions')}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={(next) => setSearch({ page: String(next) })}
      />
    </>
  );
}
