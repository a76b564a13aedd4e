import { leverageConsoleCalls, QUOTE_CURRENCY } from '@tidemark/contract';
import { Row, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FundInsuranceModal } from '../../features/leverage/fund-insurance-modal';
import { useLeverageExposure } from '../../features/leverage/leverage-api';
import type {
  LeverageBook,
  LeverageExposureRow,
  LeverageFundBook,
} from '../../features/leverage/leverage-types';
import { useCan } from '../../features/session/session-api';
import { Amount } from '../../ui/amount';
import { FundCard } from '../../ui/fund-card';
import { QueryState } from '../../ui/query-state';

/**
 * Each book's insurance fund against the traders' open profits, negative contract wallets, and
 * the open positions per symbol (values, margin held, P&L at the last tick).
 */
export function ExposureTab() {
  const { t } = useTranslation();
  const can = useCan();
  const exposure = useLeverageExposure();
  const [funding, setFunding] = useState<LeverageBook | null>(null);
  const mayFund = can(leverageConsoleCalls.fundInsurance);

  const columns: TableColumnsType<LeverageExposureRow> = [
    { title: t('console.leverage.symbol'), dataIndex: 'symbol' },
    {
      title: t('console.leverage.book'),
      key: 'book',
      render: (_, r) => <Tag>{t(`console.books.${r.book}`)}</Tag>,
    },
    { title: t('console.leverage.openPositions'), dataIndex: 'openPositions', align: 'end' },
    {
      title: t('console.leverage.longValue'),
      key: 'longValue',
      align: 'end',
      render: (_, r) => <Amount value={r.longValue} />,
    },
    {
      title: t('console.leverage.shortValue'),
      key: 'shortValue',
      align: 'end',
      render: (_, r) => <Amount value={r.shortValue} />,
    },
    {
      title: t('console.leverage.held'),
      key: 'held',
      align: 'end',
      render: (_, r) => <Amount value={r.held} />,
    },
    {
      title: t('console.leverage.markPrice'),
      key: 'markPrice',
      align: 'end',
      render: (_, r) => <Amount value={r.markPrice} />,
    },
    {
      title: t('console.leverage.unrealisedPnl'),
      key: 'unrealisedPnl',
      align: 'end',
      render: (_, r) => <Amount value={r.unrealisedPnl} signed />,
    },
  ];

  const bookCard = (b: LeverageFundBook) => (
    <FundCard
      key={b.book}
      testId={`insurance-fund-${b.book}`}
      title={t('console.leverage.fundCard', { book: t(`console.books.${b.book}`) })}
      fundLabel={t('console.leverage.fund')}
      onFund={mayFund ? () => setFunding(b.book) : null}
      figures={[
        {
          title: t('console.leverage.fundBalance'),
          span: 24,
          value: <Amount value={b.fundBalance} currency={QUOTE_CURRENCY} />,
        },
        {
          title: t('console.leverage.headroom'),
          span: 24,
          short: b.headroom.startsWith('-'),
          value: <Amount value={b.headroom} currency={QUOTE_CURRENCY} />,
        },
        {
          title: t('console.leverage.openProfit'),
          span: 12,
          value: <Amount value={b.openProfit} currency={QUOTE_CURRENCY} />,
        },
        {
          title: t('console.leverage.negativeWallets'),
          span: 12,
          value: (
            <span>
              {b.negativeWallets} · <Amount value={b.negativeTotal} currency={QUOTE_CURRENCY} />
            </span>
          ),
        },
      ]}
    />
  );

  return (
    <QueryState query={exposure}>
      {(data) => (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('console.leverage.exposureHint')}</Typography.Text>
          <Row gutter={[16, 16]}>{data.books.map(bookCard)}</Row>
          <Table<LeverageExposureRow>
            size="small"
            rowKey={(r) => `${r.book}-${r.symbol}`}
            columns={columns}
            dataSource={data.rows}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('console.leverage.noOpenPositions') }}
          />
          <FundInsuranceModal book={funding} onClose={() => setFunding(null)} />
        </Space>
      )}
    </QueryState>
  );
}
