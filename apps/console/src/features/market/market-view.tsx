import type { ConsoleMarketSources } from '@tidemark/contract';
import { languageInfo } from '@tidemark/i18n';
import {
  Alert,
  Card,
  Descriptions,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatTime } from '../../ui/format';
import { currentLanguage } from '../../ui/i18n';
import {
  coinCells,
  formatBand,
  formatDuration,
  freshCoins,
  lagLevel,
  suspendedSymbols,
  type FeedCoin,
  type FeedSource,
  type LagLevel,
  type SourceCell,
} from './market-health';

const LAG_COLORS: Record<LagLevel, string> = {
  ok: 'success',
  late: 'warning',
  stale: 'error',
  none: 'default',
};
const STATE_COLORS: Record<SourceCell['state'], string> = {
  fresh: 'success',
  stale: 'warning',
  deviating: 'error',
  missing: 'default',
};

/**
 * The price feed as the server sees it now: the feed and its index rules, each source's
 * connection, lag and last error, and each coin's market with its state at every source. Read
 * only: no operator can set a price, a source or a coin's status.
 */
export function MarketView({ data }: { data: ConsoleMarketSources }) {
  const { t } = useTranslation();
  const locale = languageInfo(currentLanguage()).bcp47;
  const suspended = suspendedSymbols(data.coins);
  // Only a live feed builds an index from several sources; the simulator and a script are one
  // source each, so its rules (staleness, band, minimum) mean nothing there and are not shown.
  const indexed = data.feed === 'live';
  const duration = (ms: number) => formatDuration(ms, locale);

  const sourceColumns: TableColumnsType<FeedSource> = [
    {
      title: t('console.market.source'),
      dataIndex: 'name',
      render: (name: string) => <strong>{name}</strong>,
    },
    {
      title: t('console.market.connection'),
      key: 'connected',
      render: (_, s) => (
        <Tag color={s.connected ? 'success' : 'error'}>
          {t(s.connected ? 'console.market.connected' : 'console.market.disconnected')}
        </Tag>
      ),
    },
    {
      title: t('console.market.lastUpdate'),
      key: 'lastUpdate',
      render: (_, s) => formatTime(s.lastUpdate),
    },
    {
      title: t('console.market.lag'),
      key: 'lag',
      render: (_, s) => (
        <Tag
          color={LAG_COLORS[lagLevel(s.lagMs, data.staleMs)]}
          data-lag={lagLevel(s.lagMs, data.staleMs)}
        >
          {s.lagMs === null ? t('console.market.noPrice') : duration(s.lagMs)}
        </Tag>
      ),
    },
    {
      title: t('console.market.freshCoins'),
      key: 'fresh',
      render: (_, s) =>
        t('console.market.freshOf', { fresh: freshCoins(s), total: data.coins.length }),
    },
    {
      title: t('console.market.error'),
      key: 'error',
      render: (_, s) =>
        s.error ? (
          <Typography.Text type="danger" style={{ fontSize: 12 }}>
            {s.error}
          </Typography.Text>
        ) : (
          '-'
        ),
    },
  ];

  const cell = (c: SourceCell) => (
    <Tooltip
      title={
        c.price === null
          ? undefined
          : `${formatAmount(c.price)} · ${formatTime(c.time)}${
              c.time === null ? '' : ` (${duration(Math.max(0, data.time - c.time))})`
            }`
      }
    >
      <Tag color={STATE_COLORS[c.state]} data-state={c.state} style={{ marginInlineEnd: 0 }}>
        {t(`console.market.states.${c.state}`)}
      </Tag>
    </Tooltip>
  );

  const coinColumns: TableColumnsType<FeedCoin> = [
    { title: t('console.market.coin'), dataIndex: 'symbol' },
    {
      title: t('console.common.status'),
      key: 'status',
      render: (_, c) => (
        <Tag color={c.status === 'open' ? 'success' : 'error'} data-status={c.status}>
          {t(`console.market.statuses.${c.status}`)}
        </Tag>
      ),
    },
    {
      title: t('console.market.freshSources'),
      key: 'sources',
      render: (_, c) =>
        indexed
          ? t('console.market.needed', { fresh: c.sources, min: data.minSources })
          : c.sources,
    },
    {
      title: t('console.market.lastPrice'),
      key: 'price',
      align: 'end',
      render: (_, c) => <span className="mono">{formatAmount(c.price)}</span>,
    },
    ...data.sources.map((source, i) => ({
      title: source.name,
      key: `source-${source.name}`,
      render: (_: unknown, c: FeedCoin) => cell(coinCells(data.sources, c.symbol)[i]!),
    })),
    {
      // Why a coin is suspended, in the operator's language: each source not fresh for it, with
      // its age when stale and its price when deviating (the server's `reason` says the same in
      // the logs' words).
      title: t('console.market.reason'),
      key: 'reason',
      render: (_, c) => {
        if (c.status === 'open') return '-';
        const cells = coinCells(data.sources, c.symbol);
        const parts = data.sources.flatMap((source, i) => {
          const cellOf = cells[i]!;
          if (cellOf.state === 'fresh') return [];
          const state = t(`console.market.states.${cellOf.state}`);
          const detail =
            cellOf.state === 'stale' && cellOf.time !== null
              ? duration(Math.max(0, data.time - cellOf.time))
              : cellOf.state === 'deviating' && cellOf.price !== null
                ? formatAmount(cellOf.price)
                : null;
          return [
            detail === null
              ? t('console.market.sourceState', { source: source.name, state })
              : t('console.market.sourceStateDetail', { source: source.name, state, detail }),
          ];
        });
        return (
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-reason={c.symbol}>
            {parts.join(' · ') || '-'}
          </Typography.Text>
        );
      },
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {suspended.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          data-testid="market-suspended"
          title={t('console.market.suspendedNow', { symbols: suspended.join(', ') })}
        />
      ) : (
        <Alert type="success" showIcon title={t('console.market.allOpen')} />
      )}
      <Card title={t('console.market.feed')}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            {
              key: 'feed',
              label: t('console.market.feed'),
              children: <Tag data-feed={data.feed}>{t(`console.market.feeds.${data.feed}`)}</Tag>,
            },
            ...(indexed
              ? [
                  {
                    key: 'stale',
                    label: t('console.market.staleMs'),
                    children: duration(data.staleMs),
                  },
                  {
                    key: 'band',
                    label: t('console.market.band'),
                    children: formatBand(data.bandBps, locale),
                  },
                  { key: 'min', label: t('console.market.minSources'), children: data.minSources },
                ]
              : []),
            { key: 'time', label: t('console.market.asOf'), children: formatTime(data.time) },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
          {t(`console.market.feedHints.${data.feed}`)}
        </Typography.Paragraph>
      </Card>
      <Card title={t('console.market.sources')}>
        <Table<FeedSource>
          size="small"
          rowKey="name"
          columns={sourceColumns}
          dataSource={data.sources}
          pagination={false}
          data-testid="market-sources"
        />
      </Card>
      <Card title={t('console.market.coins')}>
        <Table<FeedCoin>
          size="small"
          rowKey="symbol"
          columns={coinColumns}
          dataSource={data.coins}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="market-coins"
        />
      </Card>
    </Space>
  );
}
