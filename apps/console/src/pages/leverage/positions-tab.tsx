import { ACCOUNT_MODES, LEVERAGE_STATUSES } from '@tidemark/contract';
import { Input, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLeveragePositions } from '../../features/leverage/leverage-api';
import type { LeveragePositionRecord } from '../../features/leverage/leverage-types';
import { Amount } from '../../ui/amount';
import { formatAmount, formatShortTime, formatTime, isZeroAmount } from '../../ui/format';
import { PagedTable } from '../../ui/paged-table';
import { UserLink } from '../../ui/user-link';
import { oneOf, positiveInt, useSearchState } from '../../ui/use-search-state';
import { useBookOptions } from '../../ui/book-options';

const DEFAULTS = { tab: 'positions', user: '', book: '', status: '', page: '1' } as const;
const PAGE_SIZE = 20;

/**
 * Positions newest first, by trader id, book and status: read only, with every figure charged or
 * paid (top-up, both fees, what came back, the insurance fund's cover) and the liquidation price.
 */
export function PositionsTab() {
  const { t } = useTranslation();
  const bookOptions = useBookOptions();
  const [search, setSearch] = useSearchState(DEFAULTS);
  const page = positiveInt(search.page, 1);
  const userId = positiveInt(search.user, 0) || undefined;
  const book = oneOf(ACCOUNT_MODES, search.book, undefined);
  const status = oneOf(LEVERAGE_STATUSES, search.status, undefined);
  const positions = useLeveragePositions({ userId, book, status, page, pageSize: PAGE_SIZE });

  // Eight narrow columns that fit a 1280 px screen (as the option orders do): the trader with the
  // book, the pair with lots and multiple, margin with top-up, the three prices, both fees, the
  // P&L with what came back and the insurance fund's cover, and the status with both times each
  // share one cell; times short in the cell, full on hover; long headings wrap.
  const columns: TableColumnsType<LeveragePositionRecord> = [
    { title: t('console.common.id'), dataIndex: 'id' },
    {
      title: t('console.leverage.userBook'),
      key: 'user',
      render: (_, p) => (
        <>
          <UserLink userId={p.userId} />
          <br />
          <Typography.Text type="secondary" className="nowrap" style={{ fontSize: 12 }}>
            {t(`console.books.${p.mode}`)}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('console.leverage.symbolLots'),
      key: 'symbol',
      render: (_, p) => (
        <>
          <span className="nowrap">
            <Typography.Text strong>{p.symbol}</Typography.Text>{' '}
            <Tag color={p.direction === 'long' ? 'green' : 'red'}>
              {t(`console.leverage.directions.${p.direction}`)}
            </Tag>
          </span>
          <br />
          <Typography.Text type="secondary" className="nowrap" style={{ fontSize: 12 }}>
            <span dir="ltr">{`${p.lots} × ${p.multiple}×`}</span>
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('console.leverage.marginTopUp'),
      key: 'margin',
      align: 'end',
      width: 90,
      render: (_, p) => (
        <>
          <Amount value={p.margin} />
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <Amount value={p.topUp} />
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('console.leverage.pricesLiq'),
      key: 'prices',
      align: 'end',
      width: 110,
      render: (_, p) => (
        <>
          <Amount value={p.entryPrice} />
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {p.exitPrice ? <Amount value={p.exitPrice} /> : '-'}
          </Typography.Text>
          <br />
          <Typography.Text type="warning" style={{ fontSize: 12 }}>
            {p.liquidationPrice ? <Amount value={p.liquidationPrice} /> : '-'}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('console.leverage.feesOpenClose'),
      key: 'fees',
      align: 'end',
      width: 90,
      render: (_, p) => (
        <>
          <Amount value={p.openFee} />
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {p.closeFee ? <Amount value={p.closeFee} /> : '-'}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('console.leverage.pnlPayout'),
      key: 'pnl',
      align: 'end',
      width: 140,
      render: (_, p) => (
        <>
          <Amount value={p.pnl} signed />
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {p.payout ? <Amount value={p.payout} /> : '-'}
          </Typography.Text>
          {p.gapCovered && !isZeroAmount(p.gapCovered) ? (
            <>
              <br />
              <Typography.Text type="warning" style={{ fontSize: 12 }}>
                {t('console.leverage.fundCover', { amount: formatAmount(p.gapCovered) })}
              </Typography.Text>
            </>
          ) : null}
        </>
      ),
    },
    {
      title: t('console.leverage.times'),
      key: 'times',
      // The status above both times: open, or how it closed.
      render: (_, p) => (
        <div className="nowrap">
          {p.status === 'open' ? (
            <Tag color="processing">{t('console.leverage.statuses.open')}</Tag>
          ) : (
            <Tag>{t(`console.leverage.closedBy.${p.closedBy ?? 'user'}`)}</Tag>
          )}
          <br />
          <span title={formatTime(p.openTime)}>{formatShortTime(p.openTime)}</span>
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <span title={formatTime(p.closeTime)}>{formatShortTime(p.closeTime)}</span>
          </Typography.Text>
        </div>
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
