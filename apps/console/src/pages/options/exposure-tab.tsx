import { groupThousands, optionsConsoleCalls, QUOTE_CURRENCY } from '@tidemark/contract';
import {
  Button,
  Card,
  Col,
  Row,
  Space,
  Statistic,
  Table,
  Tag,
  theme,
  Typography,
  type TableColumnsType,
} from 'antd';
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
import { QueryState } from '../../ui/query-state';

/** The pools' figures a size smaller than antd's default, so nine digits and a unit fit. */
const VALUE = { fontSize: 20 };

/** Each book's pool against what its open orders could cost, and the open stakes per symbol. */
export function ExposureTab() {
  const { t } = useTranslation();
  const can = useCan();
  const { token } = theme.useToken();
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
    const short = b.headroom.startsWith('-');
    return (
      <Col xs={24} md={12} key={b.book}>
        <Card
          size="small"
          data-testid={`option-pool-${b.book}`}
          title={t('console.options.poolTitle', { book: t(`console.books.${b.book}`) })}
          extra={
            mayFund ? (
              <Button size="small" type="primary" onClick={() => setFunding(b.book)}>
                {t('console.options.fund')}
              </Button>
            ) : null
          }
        >
          <Row gutter={[16, 16]}>
            <Col span={12}>
              <Statistic
                styles={{ content: VALUE }}
                title={t('console.options.poolBalance')}
                valueRender={() => <Amount value={b.poolBalance} currency={QUOTE_CURRENCY} />}
              />
            </Col>
            <Col span={12}>
              <Statistic
                styles={{ content: VALUE }}
                title={t('console.options.worstCase')}
                valueRender={() => <Amount value={b.worstCasePayout} currency={QUOTE_CURRENCY} />}
              />
            </Col>
            <Col span={12}>
              <Statistic
                title={t('console.options.headroom')}
                styles={{ content: { ...VALUE, ...(short ? { color: token.colorError } : {}) } }}
                valueRender={() => <Amount value={b.headroom} currency={QUOTE_CURRENCY} />}
              />
            </Col>
            <Col span={12}>
              <Statistic
                styles={{ content: VALUE }}
                title={t('console.options.coverage')}
                valueRender={() =>
                  cover === null ? t('console.options.nothingAtStake') : `${groupThousands(cover)}×`
                }
              />
            </Col>
          </Row>
        </Card>
      </Col>
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
