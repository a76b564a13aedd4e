import Button from 'antd-mobile/es/components/button';
import { UnorderedListOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import type { FinancialTier, MoneyOrder } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../api/session';
import { useUserInfo } from '../../../features/account/api/account-queries';
import { BookChip } from '../../../features/assets/components/book-chip';
import {
  useMoneyOrders,
  useMoneyProducts,
  useMoneyProfit,
} from '../../../features/financial/api/financial-queries';
import { OrderItem } from '../../../features/financial/components/order-item';
import { ProductCard } from '../../../features/financial/components/product-card';
import { RedeemSheet } from '../../../features/financial/components/redeem-sheet';
import '../../../features/financial/financial.css';
import { useLiveFinancial } from '../../../features/financial/hooks';
import { FINANCIAL_RECORD_PATH } from '../../../features/financial/paths';
import { Segmented } from '../../../features/market/components/segmented';
import { formatMoneyText } from '../../../ui/amount-format';
import { EmptyData } from '../../../ui/empty-data';
import { ErrorView } from '../../../ui/error-view';
import { ListFooter } from '../../../ui/list-footer';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';

const TIERS = ['all', 'beginner', 'advanced', 'premium'] as const;
type TierTab = (typeof TIERS)[number];
const USDT = 'USDT';

/**
 * The financial packages (pages/Financial/index; the home shortcut "AI quantification"): tier
 * tabs and their packages with every term, the trader's earnings, and their orders by tab (0 in
 * progress, 1 completed, 2 redeemed) with early redemption. Tier and tab live in the link.
 */
export default function FinancialIndexPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const token = useSession((s) => s.token);
  const mode = useUserInfo().data?.mode;
  useLiveFinancial();
  const tier = (TIERS as readonly string[]).includes(params.get('tier') ?? '')
    ? (params.get('tier') as TierTab)
    : 'all';
  const tab = (
    ['0', '1', '2'].includes(params.get('tab') ?? '') ? Number(params.get('tab')) : 0
  ) as 0 | 1 | 2;
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    setParams(next, { replace: true });
  };
  const products = useMoneyProducts(token ? mode : undefined, tier as FinancialTier | 'all');

  let list;
  if (products.data) {
    list =
      products.data.list.length === 0 ? (
        <EmptyData text={t('financial.noProducts')} />
      ) : (
        <ul className="fin-products" data-testid="fin-products">
          {products.data.list.map((p) => (
            <li key={p.id}>
              <ProductCard product={p} />
            </li>
          ))}
        </ul>
      );
  } else if (products.isError) {
    list = <ErrorView title={t('financial.loadFailed')} onRetry={() => void products.refetch()} />;
  } else {
    list = <LoadingView />;
  }

  return (
    <div className="fin-page">
      <PageHeader
        title={t('financial.title')}
        right={
          <span className="transfer-header">
            {mode && token ? <BookChip mode={mode} /> : null}
            {token ? (
              <button
                type="button"
                className="icon-button"
                aria-label={t('financial.record.title')}
                onClick={() => navigate(FINANCIAL_RECORD_PATH)}
              >
                <UnorderedListOutline />
              </button>
            ) : null}
          </span>
        }
      />
      {token ? <Summary mode={mode} /> : <Visitor />}
      <div className="fin-card" style={{ background: 'transparent', padding: 0 }}>
        <Segmented
          label={t('financial.tiers.label')}
          items={TIERS.map((k) => ({ key: k, label: t(`financial.tiers.${k}`) }))}
          value={tier}
          onChange={(k) => set('tier', k)}
        />
      </div>
      <div style={{ padding: '0 0' }}>{list}</div>
      {token ? <Orders mode={mode} tab={tab} onTab={(k) => set('tab', String(k))} /> : null}
    </div>
  );
}

function Summary({ mode }: { mode: 'demo' | 'real' | undefined }) {
  const { t } = useTranslation();
  const profit = useMoneyProfit(mode);
  const p = profit.data;
  return (
    <section className="fin-card fin-hero" data-testid="fin-summary">
      <dl className="fin-summary">
        <div>
          <dt>{t('financial.summary.invested')}</dt>
          <dd className="num">{p ? formatMoneyText(p.totalInvested, USDT) : '…'}</dd>
        </div>
        <div>
          <dt>{t('financial.summary.total')}</dt>
          <dd className="num" data-field="total-profit">
            {p ? formatMoneyText(p.totalProfit, USDT) : '…'}
          </dd>
        </div>
        <div>
          <dt>{t('financial.summary.today')}</dt>
          <dd className="num">{p ? formatMoneyText(p.todayProfit, USDT) : '…'}</dd>
        </div>
      </dl>
      <p className="fin-hero__note">{t('financial.reserveNote')}</p>
    </section>
  );
}

function Visitor() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <section className="fin-card fin-hero">
      <p className="fin-hero__note">{t('financial.reserveNote')}</p>
      <Button
        color="primary"
        size="small"
        onClick={() =>
          navigate('/pages/login/login', { state: { from: location.pathname + location.search } })
        }
      >
        {t('financial.logIn')}
      </Button>
    </section>
  );
}

function Orders({
  mode,
  tab,
  onTab,
}: {
  mode: 'demo' | 'real' | undefined;
  tab: 0 | 1 | 2;
  onTab: (tab: 0 | 1 | 2) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const orders = useMoneyOrders(mode, tab);
  const [redeeming, setRedeeming] = useState<MoneyOrder | null>(null);
  const list = orders.data?.pages.flatMap((p) => p.list) ?? [];
  let body;
  if (orders.data) {
    body =
      list.length === 0 ? (
        <EmptyData text={t('financial.noOrders')} />
      ) : (
        <>
          <ul className="fin-list" data-testid="fin-orders">
            {list.map((o) => (
              <li key={o.id}>
                <OrderItem
                  order={o}
                  onRedeem={setRedeeming}
                  onRecord={(order) =>
                    navigate(`${FINANCIAL_RECORD_PATH}?tab=dividends&order=${order.id}`)
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
        </>
      );
  } else if (orders.isError) {
    body = <ErrorView title={t('financial.loadFailed')} onRetry={() => void orders.refetch()} />;
  } else {
    body = <LoadingView />;
  }
  return (
    <section className="fin-card">
      <h2 className="fin-product__name">{t('financial.myOrders')}</h2>
      <Segmented
        label={t('financial.myOrders')}
        items={([0, 1, 2] as const).map((k) => ({
          key: String(k) as '0' | '1' | '2',
          label: t(`financial.tabs.${k}`),
        }))}
        value={String(tab) as '0' | '1' | '2'}
        onChange={(k) => onTab(Number(k) as 0 | 1 | 2)}
      />
      {body}
      {redeeming ? <RedeemSheet order={redeeming} onClose={() => setRedeeming(null)} /> : null}
    </section>
  );
}
