import { SYMBOL_PATTERN } from '@tidemark/contract';
import Button from 'antd-mobile/es/components/button';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../api/session';
import { useUserInfo } from '../../../features/account/api/account-queries';
import { viewedBook } from '../../../features/market/api/book';
import { useProducts } from '../../../features/market/api/products';
import { useTicker } from '../../../features/market/api/tickers';
import { LiveBadge } from '../../../features/market/components/live-badge';
import { MarketActivity } from '../../../features/market/components/market-activity';
import { MarketProblem } from '../../../features/market/components/market-problem';
import { pricePlaces } from '../../../features/market/components/pair-row';
import { PairSwitcher } from '../../../features/market/components/pair-switcher';
import { SuspendedBanner } from '../../../features/market/components/suspended-banner';
import { IndicatorBar } from '../../../features/market/components/chart/indicator-bar';
import { PeriodTabs, type ChartView } from '../../../features/market/components/period-tabs';
import {
  TickerStats,
  TickerStatsPlaceholder,
} from '../../../features/market/components/ticker-stats';
import {
  chartPath,
  DEFAULT_SYMBOL,
  QUOTES_PATH,
  SPOT_TRADE_PATH,
  spotTradePath,
} from '../../../features/market/paths';
import { useIndicators } from '../../../features/market/hooks/use-indicators';
import { PageHeader } from '../../../ui/page-header';
import { useRouteExists } from '../../../ui/route-registry';

// lightweight-charts is the heaviest thing on this page: it is its own chunk, loaded here only.
const PriceChart = lazy(() => import('../../../features/market/components/chart/price-chart'));
const DepthChart = lazy(() => import('../../../features/market/components/chart/depth-chart'));

/** The chart's periods, then the depth chart of the live book as one more tab. */
type TrendView = ChartView | 'depth';

/** The symbol of ?symbol=BTC%2FUSDT, or BTC/USDT when it is missing or malformed. */
function useSymbol(): string {
  const [params] = useSearchParams();
  const asked = (params.get('symbol') ?? '').toUpperCase();
  return SYMBOL_PATTERN.test(asked) ? asked : DEFAULT_SYMBOL;
}

/** The chart page (pages/trade/trend): 24 h figures, the chart by period, order book and trades. */
export default function TrendPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const exists = useRouteExists();
  const symbol = useSymbol();
  const [view, setView] = useState<TrendView>('15min');
  const [indicators, toggleIndicator] = useIndicators();
  const ticker = useTicker(symbol);
  const token = useSession((s) => s.token);
  const mode = useUserInfo().data?.mode;
  // The book and the tape are the viewer's own book's: demo for a demo user.
  const book = viewedBook(token, mode);
  const products = useProducts();
  const product = products.bySymbol.get(symbol);
  const switchTo = (next: string) => navigate(chartPath(next), { replace: true });

  // A pair that is not (or no longer) configured: show the first one there is instead.
  const first = products.bySymbol.keys().next().value;
  const unknown = !products.isPending && !product && first !== undefined;
  useEffect(() => {
    if (unknown && first) navigate(chartPath(first), { replace: true });
  }, [unknown, first, navigate]);

  const places = ticker.data ? pricePlaces(ticker.data, product) : (product?.pricePrecision ?? 2);
  const canTrade = exists(SPOT_TRADE_PATH);

  return (
    <div className={`trend${canTrade ? ' trend--with-actions' : ''}`}>
      <PageHeader
        title={<PairSwitcher symbol={symbol} onChange={switchTo} />}
        right={<LiveBadge />}
        fallback={exists(QUOTES_PATH) ? QUOTES_PATH : '/'}
      />
      {ticker.data ? <TickerStats ticker={ticker.data} product={product} /> : null}
      <SuspendedBanner ticker={ticker.data} note={t('marketStatus.chart')} />
      {ticker.isPending ? <TickerStatsPlaceholder /> : null}
      {ticker.isError && !ticker.data ? (
        <MarketProblem onRetry={() => void ticker.refetch()} />
      ) : null}
      <PeriodTabs
        value={view}
        onChange={setView}
        extra={[{ key: 'depth', label: t('chart.depth') }]}
      />
      <Suspense fallback={<div className="price-chart price-chart--placeholder" />}>
        {view === 'depth' ? (
          <DepthChart
            key={symbol}
            symbol={symbol}
            book={book}
            pricePlaces={places}
            quantityPlaces={product?.quantityPrecision ?? 4}
          />
        ) : (
          <PriceChart
            key={symbol}
            symbol={symbol}
            view={view}
            precision={places}
            indicators={indicators}
          />
        )}
      </Suspense>
      {view !== 'depth' && view !== 'line' ? (
        <IndicatorBar on={indicators} onToggle={toggleIndicator} />
      ) : null}
      <MarketActivity
        key={symbol}
        symbol={symbol}
        book={book}
        pricePlaces={places}
        quantityPlaces={product?.quantityPrecision ?? 4}
      />
      {canTrade ? (
        <div className="trend__actions">
          <Button block color="success" onClick={() => navigate(spotTradePath(symbol))}>
            {t('market.buy')}
          </Button>
          <Button block color="danger" onClick={() => navigate(spotTradePath(symbol, 'sell'))}>
            {t('market.sell')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
