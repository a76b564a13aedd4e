import { groupThousands, optionsConsoleCalls, QUOTE_CURRENCY } from '@tidemark/contract';
import { Row, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FundPoolModal } from '../../features/options/fund-pool-modal';
import { useOptionExposure } from '../../features/options/options-api';
import type {
  OptionBook,
  OptionExposureRow,
  OptionPoolBook,
} from '../../features/options/options-types';
import { coverage } from '../../features/options/terms';
import { useCan } from '../../features/session/session-api';
import { Amount } from '../../ui/amount';
import { FundCard } from '../../ui/fund-card';
import { QueryState } from '../../ui/query-state';

/** Each book's pool against what its open orders could cost, and the open stakes per symbol. */
export function ExposureTab() {
  const { t } = useTranslation();
  const can = useCan();
  const exposure = useOptionExposure();
  const [funding, setFunding] = useState<OptionBook | null>(null);
  const mayFund = can(optionsConsoleCalls.fundOptionPool);

  const columns: TableColumnsType<OptionExposureRow> = [
    { title: t('console.options.symbol'), dataIndex: 'symbol' },
    {
      title: t('console.options.book'),
      key: 'book',
      render: (_, r) => <Tag>{t(`console.books.${r.book}`)}</Tag>,
    },
    { title: t('console.options.openOrders'), dataIndex: 'openOrders', align: 'end' },
    {
      title: t('console.options.longStake'),
      key: 'longStake',
      align: 'end',
      render: (_, r) => <Amount value={r.longStake} />,
    },
    {
      title: t('console.options.shortStake'),
      key: 'shortStake',
      align: 'end',
      render: (_, r) => <Amount value={r.shortStake} />,
    },
    {
      title: t('console.options.worstCase'),
      key: 'worstCasePayout',
      align: 'end',
      render: (_, r) => <Amount value={r.worstCasePayout} />,
    },
  ];

  const bookCard = (b: OptionPoolBook) => {
    const cover = coverage(b.poolBalance, b.worstCasePayout);
    return (
      <FundCard
        key={b.book}
        testId={`option-pool-${b.book}`}
        title={t('console.options.poolTitle', { book: t(`console.books.${b.book}`) })}
        fundLabel={t('console.options.fund')}
        onFund={mayFund ? () => setFunding(b.book) : null}
        figures={[
          {
            title: t('console.options.poolBalance'),
            span: 12,
            value: <Amount value={b.poolBalance} currency={QUOTE_CURRENCY} />,
          },
          {
            title: t('console.options.worstCase'),
            span: 12,
            value: <Amount value={b.worstCasePayout} currency={QUOTE_CURRENCY} />,
          },
          {
            title: t('console.options.headroom'),
            span: 12,
            short: b.headroom.startsWith('-'),
            value: <Amount value={b.headroom} currency={QUOTE_CURRENCY} />,
          },
          {
            title: t('console.options.coverage'),
            span: 12,
            value:
              cover === null ? (
                t('console.options.nothingAtStake')
              ) : (
                <span dir="ltr">{`${groupThousands(cover)}×`}</span>
              ),
          },
        ]}
      />
    );
  };

  return (
    <QueryState query={exposure}>
      {(data) => (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('console.options.exposureHint')}</Typography.Text>
          <Row gutter={[16, 16]}>{data.books.map(bookCard)}</Row>
          <Table<OptionExposureRow>
            size="small"
            rowKey={(r) => `${r.book}-${r.symbol}`}
            columns={columns}
            dataSource={data.rows}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('console.options.noOpenOrders') }}
          />
          <FundPoolModal book={funding} onClose={() => setFunding(null)} />
        </Space>
      )}
    </QueryState>
  );
}
