import type { MoneyOrder } from '@tidemark/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUserInfo } from '../../../features/account/api/account-queries';
import { BookChip } from '../../../features/assets/components/book-chip';
import { useDividends, useMoneyOrders } from '../../../features/financial/api/financial-queries';
import { OrderItem } from '../../../features/financial/components/order-item';
import { RedeemSheet } from '../../../features/financial/components/redeem-sheet';
import '../../../features/financial/financial.css';
import { useLiveFinancial, useRecordDate } from '../../../features/financial/hooks';
import { FINANCIAL_INDEX_PATH } from '../../../features/financial/paths';
import { Segmented } from '../../../features/market/components/segmented';
import { formatMoneyText } from '../../../ui/amount-format';
import { EmptyData } from '../../../ui/empty-data';
import { ErrorView } from '../../../ui/error-view';
import { ListFooter } from '../../../ui/list-footer';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';

const TABS = ['0', '1', '2', 'dividends'] as const;
type Tab = (typeof TABS)[number];

/**
 * The financial record (pages/Financial/TransactionRecord): orders by tab and every dividend
 * paid, newest first, loading as it scrolls; `?order=` picks one order's dividends.
 */
export default function FinancialRecordPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const mode = useUserInfo().data?.mode;
  useLiveFinancial();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : '0';
  const order = Number(params.get('order')) || undefined;
  return (
    <div className="fin-page">
      <PageHeader
        title={t('financial.record.title')}
        fallback={FINANCIAL_INDEX_PATH}
        right={mode ? <BookChip mode={mode} /> : null}
      />
      <section className="fin-card">
        <Segmented
          label={t('financial.record.title')}
          items={[
            { key: 'orders', label: t('financial.myOrders') },
            { key: 'dividends', label: t('financial.record.dividends') },
          ]}
          value={tab === 'dividends' ? 'dividends' : 'orders'}
          onChange={(k) =>
            setParams({ tab: k === 'dividends' ? 'dividends' : '0' }, { replace: true })
          }
        />
        {tab === 'dividends' ? (
          <Dividends mode={mode} order={order} />
        ) : (
          <>
            <Segmented
              label={t('financial.myOrders')}
              items={(['0', '1', '2'] as const).map((k) => ({
                key: k,
                label: t(`financial.tabs.${k}`),
              }))}
              value={tab}
              onChange={(k) => setParams({ tab: k }, { replace: true })}
            />
            <Orders mode={mode} tab={Number(tab) as 0 | 1 | 2} />
          </>
        )}
      </section>
    </div>
  );
}

function Orders({ mode, tab }: { mode: 'demo' | 'real' | undefined; tab: 0 | 1 | 2 }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const orders = useMoneyOrders(mode, tab);
  const [redeeming, setRedeeming] = useState<MoneyOrder | null>(null);
  const list = orders.data?.pages.flatMap((p) => p.list) ?? [];
  if (orders.isError)
    return <ErrorView title={t('financial.loadFailed')} onRetry={() => void orders.refetch()} />;
  if (!orders.data) return <LoadingView />;
  if (list.length === 0) return <EmptyData text={t('financial.noOrders')} />;
  return (
    <>
      <ul className="fin-list" data-testid="fin-orders">
        {list.map((o) => (
          <li key={o.id}>
            <OrderItem
              order={o}
              onRedeem={setRedeeming}
              onRecord={(x) =>
                setParams({ tab: 'dividends', order: String(x.id) }, { replace: true })
              }
            />
          </li>
        ))}
      </ul>
      <ListFooter
        fetchNextPage={orders.fetchNextPage}
        hasMore={orders.hasNextPage}
        failedText={t('financial.loadFailed')}
      />
      {redeeming ? <RedeemSheet order={redeeming} onClose={() => setRedeeming(null)} /> : null}
    </>
  );
}

function Dividends({ mode, order }: { mode: 'demo' | 'real' | undefined; order?: number }) {
  const { t } = useTranslation();
  const date = useRecordDate();
  const dividends = useDividends(mode, order);
  const list = dividends.data?.pages.flatMap((p) => p.list) ?? [];
  if (dividends.isError)
    return <ErrorView title={t('financial.loadFailed')} onRetry={() => void dividends.refetch()} />;
  if (!dividends.data) return <LoadingView />;
  if (list.length === 0) return <EmptyData text={t('financial.record.noDividends')} />;
  return (
    <>
      <ul className="fin-list" data-testid="fin-dividends">
        {list.map((d) => (
          <li key={d.id} className="fin-dividend" data-order={d.orderId} data-day={d.day}>
            <div>
              <div className="num">{d.orderNo}</div>
              <span>
                {t('financial.record.day', { day: d.day })} · {date(d.paidAt)}
              </span>
            </div>
            <strong className="num">+{formatMoneyText(d.amount, 'USDT')}</strong>
          </li>
        ))}
      </ul>
      <ListFooter
        fetchNextPage={dividends.fetchNextPage}
        hasMore={dividends.hasNextPage}
        failedText={t('financial.loadFailed')}
      />
    </>
  );
}
