import { ORDER_TAB } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUserInfo } from '../../../features/account/api/account-queries';
import { BookChip } from '../../../features/assets/components/book-chip';
import { useProducts } from '../../../features/market/api/products';
import { useTickers } from '../../../features/market/api/tickers';
import { isSuspended } from '../../../features/market/market-status';
import { Segmented } from '../../../features/market/components/segmented';
import { useOptionPages } from '../../../features/options/api/options-queries';
import { useLiveOptions } from '../../../features/options/hooks/use-live-options';
import { OptionOrderItem } from '../../../features/options/components/option-order-item';
import { ScheduledActions } from '../../../features/options/components/scheduled-actions';
import '../../../features/options/options.css';
import { OPTIONS_TRADE_PATH } from '../../../features/options/paths';
import { EmptyData } from '../../../ui/empty-data';
import { ErrorView } from '../../../ui/error-view';
import { ListFooter } from '../../../ui/list-footer';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';

/**
 * The trader's option orders of the current book (pages/futures/record): current ones (scheduled
 * and running, with their countdown) and the history, newest first, loading as it scrolls; the
 * tab lives in the link (?tab=1).
 */
export default function OptionRecordPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === String(ORDER_TAB.history) ? 1 : 0;
  const mode = useUserInfo().data?.mode;
  useLiveOptions();
  const orders = useOptionPages(tab, mode);
  const tickers = useTickers();
  const tickerOf = (s: string) => tickers.data?.find((x) => x.symbol === s);
  const priceOf = (s: string) => tickerOf(s)?.price ?? undefined;
  const { bySymbol } = useProducts();
  const list = orders.data?.pages.flatMap((p) => p.list) ?? [];

  let body;
  if (orders.data) {
    body =
      list.length === 0 ? (
        <EmptyData
          text={t(
            tab === 1 ? 'optionsTrade.positions.empty' : 'optionsTrade.positions.emptyCurrent',
          )}
        />
      ) : (
        <>
          <ul className="option-list" data-testid="option-list">
            {list.map((order) => (
              <li key={order.id}>
                <OptionOrderItem
                  order={order}
                  price={priceOf(order.symbol)}
                  pricePlaces={bySymbol.get(order.symbol)?.pricePrecision ?? 2}
                />
                {order.status === 'scheduled' ? (
                  <ScheduledActions order={order} suspended={isSuspended(tickerOf(order.symbol))} />
                ) : null}
              </li>
            ))}
          </ul>
          <ListFooter
            fetchNextPage={orders.fetchNextPage}
            hasMore={orders.hasNextPage}
            failedText={t('optionsTrade.loadFailed')}
          />
        </>
      );
  } else if (orders.isError) {
    body = <ErrorView title={t('optionsTrade.loadFailed')} onRetry={() => void orders.refetch()} />;
  } else {
    body = <LoadingView />;
  }

  return (
    <div className="option-record">
      <PageHeader
        title={t('optionsTrade.record.title')}
        fallback={OPTIONS_TRADE_PATH}
        right={mode ? <BookChip mode={mode} /> : null}
      />
      <div className="option-positions">
        <Segmented
          label={t('optionsTrade.positions.label')}
          items={[
            { key: '0', label: t('optionsTrade.positions.current') },
            { key: '1', label: t('optionsTrade.positions.history') },
          ]}
          value={String(tab) as '0' | '1'}
          onChange={(key) => setParams(key === '1' ? { tab: '1' } : {}, { replace: true })}
        />
        {body}
      </div>
    </div>
  );
}
