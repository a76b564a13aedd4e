import {
  ACCOUNT_MODES,
  financialConsoleCalls,
  formatMoney,
  groupThousands,
  parseMoney,
  QUOTE_CURRENCY,
  type AccountMode,
  type ConsoleMoneyOrder,
  type ConsoleMoneyProduct,
} from '@tidemark/contract';
import {
  Button,
  Card,
  Col,
  Row,
  Select,
  Statistic,
  Table,
  Tabs,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  useAddMoneyProduct,
  useMoneyOrders,
  useMoneyProducts,
  useSetMoneyProduct,
  useYieldReserve,
} from '../../features/financial/financial-api';
import { FundReserveModal } from '../../features/financial/fund-reserve-modal';
import { inputOf, ProductFormModal, valuesOf } from '../../features/financial/product-form-modal';
import { soldOf } from '../../features/financial/product-terms';
import { useCan } from '../../features/session/session-api';
import {
  TraderSearchBox,
  TraderSearchNote,
  useTraderSearch,
} from '../../features/users/components/trader-search';
import { Amount } from '../../ui/amount';
import { formatShortTime, formatTime } from '../../ui/format';
import { notifySuccess } from '../../ui/notify';
import { PagedTable } from '../../ui/paged-table';
import { QueryState } from '../../ui/query-state';
import { UserLink } from '../../ui/user-link';
import { oneOf, positiveInt, useSearchState } from '../../ui/use-search-state';
import { useBookOptions } from '../../ui/book-options';

const TABS = ['products', 'reserve', 'orders'] as const;

/** A fraction as a percentage: "0.00020000" -> "0.02%". */
function percent(rate: string): string {
  return `${formatMoney(parseMoney(rate) * 100n).replace(/\.?0+$/, '')}%`;
}

/**
 * Financial packages for operators: every term of every package (changes apply to later orders
 * only), each book's yield reserve against the interest promised on open orders, with the audited
 * funding action, and the orders by trader. Nothing here can change a paid dividend or an order.
 */
export default function FinancialPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const tabs = [
    { key: 'products', label: t('console.financial.tabs.products'), children: <ProductsTab /> },
    ...(can(financialConsoleCalls.yieldReserve)
      ? [{ key: 'reserve', label: t('console.financial.tabs.reserve'), children: <ReserveTab /> }]
      : []),
    { key: 'orders', label: t('console.financial.tabs.orders'), children: <OrdersTab /> },
  ];
  const wanted = oneOf(TABS, params.get('tab') ?? '', 'products');
  const tab = tabs.some((x) => x.key === wanted) ? wanted : 'products';
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'products' ? {} : { tab: key })}
        items={tabs}
        destroyOnHidden
      />
    </Card>
  );
}

function ProductsTab() {
  const { t } = useTranslation();
  const can = useCan();
  const products = useMoneyProducts();
  const add = useAddMoneyProduct();
  const set = useSetMoneyProduct();
  const [editing, setEditing] = useState<ConsoleMoneyProduct | 'new' | null>(null);
  const mayEdit = can(financialConsoleCalls.setMoneyProduct);

  // Fits the console's content area at 1280 px: name with tier and status, terms wrapping, the
  // limits over the capacity, the open orders, and the sale window (short times, full ones in the
  // tooltip) over the dividend time, as the options orders table does.
  const columns: TableColumnsType<ConsoleMoneyProduct> = [
    { title: t('console.common.id'), dataIndex: 'id', width: 48 },
    {
      title: t('console.financial.name'),
      key: 'name',
      render: (_, p) => (
        <>
          <Typography.Text strong>{p.name}</Typography.Text>{' '}
          <Tag>{t(`console.financial.tiers.${p.tier}`)}</Tag>
          <div style={{ marginTop: 4 }}>
            <Tag color={p.status === 'selling' ? 'success' : 'default'}>
              {t(`console.financial.statuses.${p.status}`)}
            </Tag>
            {p.lock ? <Tag>{t('console.financial.lock')}</Tag> : null}
          </div>
        </>
      ),
    },
    {
      title: t('console.financial.terms'),
      key: 'terms',
      width: 190,
      render: (_, p) =>
        t('console.financial.termsValue', {
          days: p.days,
          daily: percent(p.dailyRate),
          yearly: percent(p.yearlyRate),
          penalty: percent(p.penaltyRate),
        }),
    },
    {
      title: t('console.financial.limits'),
      key: 'limits',
      render: (_, p) => (
        <>
          <span dir="ltr" className="nowrap">
            {groupThousands(p.minAmount.replace(/\.?0+$/, ''))} –{' '}
            {groupThousands(p.maxAmount.replace(/\.?0+$/, ''))}
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
            {t('console.financial.capacity')}: <Amount value={p.capacity} />
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('console.financial.openPrincipal'),
      key: 'open',
      width: 170,
      render: (_, p) =>
        p.open.map((o) => (
          <div key={o.book}>
            {t(`console.books.${o.book}`)}: {o.orders} · <Amount value={o.principal} />
          </div>
        )),
    },
    {
      title: t('console.financial.saleWindow'),
      key: 'window',
      render: (_, p) => (
        <>
          <SaleWindow start={p.saleStart} end={p.saleEnd} />
          <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
            {t('console.financial.dividendTime')}: {p.dividendTime} {p.timeZone}
          </Typography.Text>
        </>
      ),
    },
    ...(mayEdit
      ? [
          {
            title: '',
            key: 'edit',
            render: (_: unknown, p: ConsoleMoneyProduct) => (
              <Button size="small" onClick={() => setEditing(p)}>
                {t('console.financial.edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  const saving = add.isPending || set.isPending;
  return (
    <>
      <div className="toolbar">
        <Typography.Text type="secondary">{t('console.financial.futureOnly')}</Typography.Text>
        {mayEdit ? (
          <Button type="primary" onClick={() => setEditing('new')}>
            {t('console.financial.add')}
          </Button>
        ) : null}
      </div>
      <QueryState query={products}>
        {(data) => (
          <Table<ConsoleMoneyProduct>
            rowKey="id"
            size="small"
            dataSource={data.list}
            columns={columns}
            pagination={false}
            // Wraps to fit the card; scrolls sideways only below what the cells need.
            scroll={{ x: true }}
          />
        )}
      </QueryState>
      <ProductFormModal
        open={editing !== null}
        title={
          editing === 'new'
            ? t('console.financial.add')
            : t('console.financial.editTitle', { name: editing?.name ?? '' })
        }
        initial={valuesOf(editing === 'new' ? null : editing)}
        sold={editing && editing !== 'new' ? soldOf(editing.open) : '0'}
        pending={saving}
        onClose={() => setEditing(null)}
        onSubmit={(values) => {
          const done = {
            onSuccess: () => {
              notifySuccess(t('console.financial.saved'));
              setEditing(null);
            },
          };
          if (editing === 'new') add.mutate(inputOf(values), done);
          else if (editing) set.mutate({ id: editing.id, ...inputOf(values) }, done);
        }}
      />
    </>
  );
}

function ReserveTab() {
  const { t } = useTranslation();
  const can = useCan();
  const reserve = useYieldReserve();
  const [funding, setFunding] = useState<AccountMode | null>(null);
  const mayFund = can(financialConsoleCalls.fundYieldReserve);
  return (
    <>
      <QueryState query={reserve}>
        {(data) => (
          <Row gutter={[16, 16]}>
            {data.books.map((b) => (
              // Side by side only where both cards fit their figures (a balance of tens of
              // millions with eight decimals): one above the other below 1600 px.
              <Col xs={24} xxl={12} key={b.book}>
                <Card
                  size="small"
                  data-testid={`yield-reserve-${b.book}`}
                  title={t('console.financial.reserveTitle', {
                    book: t(`console.books.${b.book}`),
                  })}
                  extra={
                    mayFund ? (
                      <Button size="small" type="primary" onClick={() => setFunding(b.book)}>
                        {t('console.financial.fund')}
                      </Button>
                    ) : null
                  }
                >
                  <Row gutter={[16, 16]}>
                    <Col xs={24} sm={12}>
                      <Statistic
                        styles={{ content: { fontSize: 20, overflowWrap: 'anywhere' } }}
                        title={t('console.financial.balance')}
                        valueRender={() => <Amount value={b.balance} currency={QUOTE_CURRENCY} />}
                      />
                    </Col>
                    <Col xs={24} sm={12}>
                      <Statistic
                        styles={{ content: { fontSize: 20, overflowWrap: 'anywhere' } }}
                        title={t('console.financial.promised')}
                        valueRender={() => <Amount value={b.promised} currency={QUOTE_CURRENCY} />}
                      />
                    </Col>
                    <Col xs={24} sm={12}>
                      <Statistic
                        styles={{ content: { fontSize: 20, overflowWrap: 'anywhere' } }}
                        title={t('console.financial.headroom')}
                        valueRender={() => <Amount value={b.headroom} currency={QUOTE_CURRENCY} />}
                      />
                    </Col>
                    <Col xs={24} sm={12}>
                      <Statistic
                        styles={{ content: { fontSize: 20, overflowWrap: 'anywhere' } }}
                        title={t('console.financial.coverage')}
                        valueRender={() =>
                          b.coverage === null ? (
                            t('console.financial.nothingPromised')
                          ) : (
                            <span dir="ltr">{`${groupThousands(b.coverage.replace(/(\.\d{2})\d*$/, '$1'))}×`}</span>
                          )
                        }
                      />
                    </Col>
                    <Col span={24}>
                      <Typography.Text type="secondary">
                        {t('console.financial.openOrders', { n: b.openOrders })}
                      </Typography.Text>
                    </Col>
                  </Row>
                </Card>
              </Col>
            ))}
          </Row>
        )}
      </QueryState>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        {t('console.financial.reserveHint')}
      </Typography.Paragraph>
      <FundReserveModal book={funding} onClose={() => setFunding(null)} />
    </>
  );
}

const DEFAULTS = { tab: 'orders', user: '', book: '', status: '', page: '1' } as const;
const PAGE_SIZE = 20;

function OrdersTab() {
  const { t } = useTranslation();
  const bookOptions = useBookOptions();
  const [search, setSearch] = useSearchState(DEFAULTS);
  const page = positiveInt(search.page, 1);
  const trader = useTraderSearch(search.user);
  const orders = useMoneyOrders(
    {
      userId: trader.userId,
      book: oneOf(ACCOUNT_MODES, search.book, undefined),
      status: ['0', '1', '2'].includes(search.status) ? Number(search.status) : undefined,
      page,
      pageSize: PAGE_SIZE,
    },
    trader.ready,
  );
  const columns: TableColumnsType<ConsoleMoneyOrder> = [
    { title: t('console.common.id'), dataIndex: 'id', width: 70 },
    { title: t('console.financial.orderNo'), dataIndex: 'orderNo' },
    {
      title: t('console.common.user'),
      key: 'user',
      render: (_, o) => <UserLink userId={o.userId} />,
    },
    {
      title: t('console.financial.book'),
      key: 'book',
      render: (_, o) => <Tag>{t(`console.books.${o.mode}`)}</Tag>,
    },
    { title: t('console.financial.name'), dataIndex: 'productName' },
    {
      title: t('console.common.amount'),
      key: 'amount',
      align: 'end',
      render: (_, o) => <Amount value={o.amount} />,
    },
    {
      title: t('console.financial.terms'),
      key: 'terms',
      render: (_, o) =>
        t('console.financial.termsValue', {
          days: o.days,
          daily: percent(o.dailyRate),
          yearly: percent(o.yearlyRate),
          penalty: percent(o.penaltyRate),
        }),
    },
    {
      title: t('console.financial.earned'),
      key: 'earned',
      align: 'end',
      render: (_, o) => (
        <span dir="ltr">
          <Amount value={o.profitEarned} /> / <Amount value={o.expectedProfit} />
        </span>
      ),
    },
    {
      title: t('console.common.status'),
      key: 'status',
      render: (_, o) => (
        <Tag color={o.status === 0 ? 'processing' : 'default'}>
          {t(`console.financial.orderStatuses.${o.status}`)}
        </Tag>
      ),
    },
    {
      title: t('console.financial.returned'),
      key: 'returned',
      align: 'end',
      render: (_, o) =>
        o.returnedPrincipal === null ? (
          '-'
        ) : (
          <>
            <Amount value={o.returnedPrincipal} />
            {o.penalty ? (
              <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
                {t('console.financial.penalty')}: <Amount value={o.penalty} />
              </Typography.Text>
            ) : null}
          </>
        ),
    },
    {
      title: t('console.financial.times'),
      key: 'times',
      render: (_, o) => (
        <>
          {formatTime(o.startTime)}
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatTime(o.endTime)}
          </Typography.Text>
        </>
      ),
    },
  ];
  return (
    <>
      <div className="toolbar">
        <TraderSearchBox value={search.user} onSearch={(user) => setSearch({ user })} />
        <Select
          allowClear
          value={search.book || undefined}
          placeholder={t('console.financial.allBooks')}
          onChange={(value?: string) => setSearch({ book: value ?? '' })}
          options={bookOptions}
          style={{ width: 160 }}
          aria-label={t('console.financial.book')}
        />
        <Select
          allowClear
          value={search.status || undefined}
          placeholder={t('console.financial.allStatuses')}
          onChange={(value?: string) => setSearch({ status: value ?? '' })}
          options={(['0', '1', '2'] as const).map((s) => ({
            value: s,
            label: t(`console.financial.orderStatuses.${s}`),
          }))}
          style={{ width: 160 }}
          aria-label={t('console.common.status')}
        />
      </div>
      <TraderSearchNote search={trader} />
      <PagedTable<ConsoleMoneyOrder>
        size="small"
        query={trader.tableQuery(orders)}
        columns={columns}
        scroll={{ x: 'max-content' }}
        emptyText={t('console.financial.noOrders')}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={(next) => setSearch({ page: String(next) })}
      />
    </>
  );
}

/** A sale window as an operator reads it: both ends, one open end, or none at all. */
function SaleWindow({ start, end }: { start: number | null; end: number | null }) {
  const { t } = useTranslation();
  if (start === null && end === null) return <span>{t('console.financial.saleAlways')}</span>;
  const at = (time: number) => (
    <bdi title={formatTime(time)} className="nowrap">
      {formatShortTime(time)}
    </bdi>
  );
  // One open end: the other in a sentence of the operator's language (the time where it puts it).
  if (start === null || end === null) {
    const [key, time] =
      start === null ? (['saleUntil', end!] as const) : (['saleFrom', start] as const);
    return (
      <span title={formatTime(time)}>
        {t(`console.financial.${key}`, { time: formatShortTime(time) })}
      </span>
    );
  }
  return (
    <span dir="ltr" className="nowrap">
      {at(start)} → {at(end)}
    </span>
  );
}
