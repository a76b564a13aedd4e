import { ACCOUNT_MODES, OPTION_STATUSES } from '@tidemark/contract';
import { Select, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOptionOrders } from '../../features/options/options-api';
import type { OptionOrderRecord } from '../../features/options/options-types';
import { ratePercent } from '../../ui/format';
import {
  TraderSearchBox,
  TraderSearchNote,
  useTraderSearch,
} from '../../features/users/components/trader-search';
import { Amount } from '../../ui/amount';
import { formatShortTime, formatTime } from '../../ui/format';
import { PagedTable } from '../../ui/paged-table';
import { UserLink } from '../../ui/user-link';
import { oneOf, positiveInt, useSearchState } from '../../ui/use-search-state';
import { useBookOptions } from '../../ui/book-options';

const DEFAULTS = { tab: 'orders', user: '', book: '', status: '', page: '1' } as const;
const PAGE_SIZE = 20;

const STATUS_COLORS: Record<string, string> = {
  scheduled: 'purple',
  running: 'processing',
  settled: 'default',
  failed: 'warning',
  cancelled: 'default',
};
const OUTCOME_COLORS: Record<string, string> = {
  win: 'success',
  loss: 'error',
  tie: 'default',
  failed: 'warning',
};

/** Option orders, newest first, by trader, book and status; a trader opens their detail page. */
export function OrdersTab() {
  const { t } = useTranslation();
  const bookOptions = useBookOptions();
  const [search, setSearch] = useSearchState(DEFAULTS);
  const page = positiveInt(search.page, 1);
  const trader = useTraderSearch(search.user);
  const orders = useOptionOrders(
    {
      userId: trader.userId,
      book: oneOf(ACCOUNT_MODES, search.book, undefined),
      status: oneOf(OPTION_STATUSES, search.status, undefined),
      page,
      pageSize: PAGE_SIZE,
    },
    trader.ready,
  );

  // Eight narrow columns that fit a 1280 px screen: the trader with the book, the symbol with its
  // terms, both prices, the status with the outcome and both times each share one cell.
  const columns: TableColumnsType<OptionOrderRecord> = [
    { title: t('console.common.id'), dataIndex: 'id' },
    {
      title: t('console.options.userBook'),
      key: 'user',
      render: (_, o) => (
        <>
          <UserLink userId={o.userId} />
          <br />
          <Typography.Text type="secondary" className="nowrap" style={{ fontSize: 12 }}>
            {t(`console.books.${o.book}`)}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('console.options.symbolTerms'),
      key: 'symbol',
      render: (_, o) => (
        <>
          <span className="nowrap">
            <Typography.Text strong>{o.symbol}</Typography.Text>{' '}
            <Tag color={o.direction === 'long' ? 'green' : 'red'}>
              {t(`console.options.directions.${o.direction}`)}
            </Tag>
          </span>
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('console.options.termsValue', {
              period: t('console.options.secondsValue', { seconds: o.periodSeconds }),
              returnRate: ratePercent(o.returnRate),
              lossRate: ratePercent(o.lossRate),
            })}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('console.common.amount'),
      key: 'amount',
      align: 'end',
      render: (_, o) => <Amount value={o.amount} />,
    },
    {
      title: t('console.options.prices'),
      key: 'prices',
      align: 'end',
      render: (_, o) => (
        <>
          <Amount value={o.strike?.price} />
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <Amount value={o.settle?.price} />
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('console.options.statusOutcome'),
      key: 'status',
      render: (_, o) => (
        <div className="tag-stack">
          <Tag color={STATUS_COLORS[o.status] ?? 'default'}>
            {t(`console.options.statuses.${o.status}`)}
          </Tag>
          {o.outcome ? (
            <Tag color={OUTCOME_COLORS[o.outcome] ?? 'default'}>
              {t(`console.options.outcomes.${o.outcome}`)}
            </Tag>
          ) : null}
        </div>
      ),
    },
    {
      title: t('console.options.payout'),
      key: 'payout',
      align: 'end',
      render: (_, o) => <Amount value={o.payout} />,
    },
    {
      title: t('console.options.times'),
      key: 'times',
      // A cancelled order never opened: when it was placed, and that it was cancelled instead.
      // Short times in the cell (no year of this one), the full ones on hover.
      render: (_, o) => {
        const opened = o.status === 'cancelled' ? o.createdAt : (o.openTime ?? o.createdAt);
        return (
          <div className="nowrap">
            <span title={formatTime(opened)}>{formatShortTime(opened)}</span>
            <br />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {o.status === 'cancelled' ? (
                t('console.options.statuses.cancelled')
              ) : (
                <span title={formatTime(o.settleTime)}>{formatShortTime(o.settleTime)}</span>
              )}
            </Typography.Text>
          </div>
        );
      },
    },
  ];

  return (
    <>
      <div className="toolbar">
        <TraderSearchBox value={search.user} onSearch={(user) => setSearch({ user })} />
        <Select
          allowClear
          value={search.book || undefined}
          placeholder={t('console.options.allBooks')}
          onChange={(value?: string) => setSearch({ book: value ?? '' })}
          options={bookOptions}
          style={{ width: 160 }}
          aria-label={t('console.options.book')}
        />
        <Select
          allowClear
          value={search.status || undefined}
          placeholder={t('console.options.allStatuses')}
          onChange={(value?: string) => setSearch({ status: value ?? '' })}
          options={OPTION_STATUSES.map((status) => ({
            value: status,
            label: t(`console.options.statuses.${status}`),
          }))}
          style={{ width: 160 }}
          aria-label={t('console.common.status')}
        />
      </div>
      <TraderSearchNote search={trader} />
      <PagedTable<OptionOrderRecord>
        size="small"
        query={trader.tableQuery(orders)}
        columns={columns}
        // Wraps to fit the card; scrolls sideways only below what the cells need (about 1100 px).
        scroll={{ x: true }}
        emptyText={t('console.options.noOrders')}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={(next) => setSearch({ page: String(next) })}
      />
    </>
  );
}
