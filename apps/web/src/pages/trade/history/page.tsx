import { ORDER_TAB, SYMBOL_PATTERN } from '@tidemark/contract';
import Tabs from 'antd-mobile/es/components/tabs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUserInfo } from '../../../features/account/api/account-queries';
import { assetsKeys } from '../../../features/assets/api/assets-queries';
import { BookChip } from '../../../features/assets/components/book-chip';
import { recordDateFormat } from '../../../features/assets/date-format';
import { useProducts } from '../../../features/market/api/products';
import { SPOT_TRADE_PATH } from '../../../features/market/paths';
import { useOrderPages } from '../../../features/spot/api/spot-orders';
import { SpotOrderItem } from '../../../features/spot/components/spot-order-item';
import { useCancelAction } from '../../../features/spot/hooks/use-cancel-action';
import { EmptyData } from '../../../ui/empty-data';
import { ErrorView } from '../../../ui/error-view';
import { currentLanguage } from '../../../ui/i18n';
import { ListFooter } from '../../../ui/list-footer';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';
import { PairFilter } from './pair-filter';

/** A cancel moves the coin wallet: the assets tab and the account-change log are stale too. */
const RELATED_KEYS = [assetsKeys.all] as const;

/** The tab and the pair live in the link: ?tab=1&symbol=BTC%2FUSDT. */
function useFilter() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === String(ORDER_TAB.history) ? 1 : 0;
  const asked = (params.get('symbol') ?? '').toUpperCase();
  const symbol = SYMBOL_PATTERN.test(asked) ? asked : undefined;
  const show = (next: { tab: 0 | 1; symbol: string | undefined }) => {
    const query: Record<string, string> = {};
    if (next.tab === 1) query.tab = '1';
    if (next.symbol) query.symbol = next.symbol;
    setParams(query, { replace: true });
  };
  return { tab, symbol, show } as const;
}

/**
 * The user's spot orders of the current book (pages/trade/history): current ones with Cancel, and
 * the history of filled and cancelled ones, by pair, newest first, loading as it scrolls.
 */
export default function SpotHistoryPage() {
  const { t } = useTranslation();
  const { tab, symbol, show } = useFilter();
  const mode = useUserInfo().data?.mode;
  const orders = useOrderPages({ tab, ...(symbol ? { symbol } : {}) }, mode);
  const { bySymbol } = useProducts();
  const { cancel, cancelling } = useCancelAction(RELATED_KEYS);
  const list = orders.data?.pages.flatMap((p) => p.list) ?? [];
  // useTranslation renders again after a language switch, and the formatter follows.
  const language = currentLanguage();
  const dateFormat = useMemo(() => recordDateFormat(language), [language]);

  let body;
  if (orders.data) {
    body =
      list.length === 0 ? (
        <EmptyData text={t(tab === 0 ? 'spot.orders.empty' : 'spot.history.empty')} />
      ) : (
        <>
          <ul className="spot-orders spot-orders--card" data-testid="order-list">
            {list.map((order) => {
              const product = bySymbol.get(order.symbol);
              return (
                <SpotOrderItem
                  key={order.orderId}
                  order={order}
                  dateFormat={dateFormat}
                  pricePlaces={product?.pricePrecision ?? 2}
                  quantityPlaces={product?.quantityPrecision ?? 8}
                  detailed
                  onCancel={tab === 0 ? cancel : undefined}
                  cancelling={cancelling === order.orderId}
                />
              );
            })}
          </ul>
          <ListFooter
            fetchNextPage={orders.fetchNextPage}
            hasMore={orders.hasNextPage}
            failedText={t('spot.history.loadFailed')}
          />
        </>
      );
  } else if (orders.isError) {
    body = <ErrorView title={t('spot.history.loadFailed')} onRetry={() => void orders.refetch()} />;
  } else {
    body = <LoadingView />;
  }

  return (
    <div>
      {/* Header, tabs and the pair filter stick together, whatever height the header has. */}
      <div className="spot-history__top">
        <PageHeader
          title={t('spot.history.title')}
          fallback={SPOT_TRADE_PATH}
          right={mode ? <BookChip mode={mode} /> : null}
        />
        <Tabs
          activeKey={String(tab)}
          onChange={(key) => show({ tab: key === '1' ? 1 : 0, symbol })}
          className="spot-history__tabs"
        >
          <Tabs.Tab key="0" title={t('spot.history.current')} />
          <Tabs.Tab key="1" title={t('spot.history.past')} />
        </Tabs>
        <PairFilter
          symbol={symbol}
          symbols={[...bySymbol.keys()]}
          onChange={(next) => show({ tab, symbol: next })}
        />
      </div>
      <div className="spot-history">{body}</div>
    </div>
  );
}
