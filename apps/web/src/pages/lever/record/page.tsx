import { ORDER_TAB } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUserInfo } from '../../../features/account/api/account-queries';
import { BookChip } from '../../../features/assets/components/book-chip';
import { usePositionPages } from '../../../features/leverage/api/leverage-queries';
import { PositionItem } from '../../../features/leverage/components/position-item';
import { useLiveLeverage } from '../../../features/leverage/hooks/use-live-leverage';
import '../../../features/leverage/leverage.css';
import { LEVER_TRADE_PATH } from '../../../features/leverage/paths';
import { useProducts } from '../../../features/market/api/products';
import { useTickers } from '../../../features/market/api/tickers';
import { Segmented } from '../../../features/market/components/segmented';
import { EmptyData } from '../../../ui/empty-data';
import { ErrorView } from '../../../ui/error-view';
import { ListFooter } from '../../../ui/list-footer';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';

/**
 * The trader's positions of the current book (pages/lever/record): open ones marked live at the
 * feed's price, and the closed ones with how they closed, newest first, loading as it scrolls; the
 * tab lives in the link (?tab=1).
 */
export default function LeverRecordPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === String(ORDER_TAB.history) ? 1 : 0;
  const mode = useUserInfo().data?.mode;
  useLiveLeverage();
  const positions = usePositionPages(tab, mode);
  const tickers = useTickers();
  const priceOf = (s: string) => tickers.data?.find((x) => x.symbol === s)?.price ?? undefined;
  const { bySymbol } = useProducts();
  const list = positions.data?.pages.flatMap((p) => p.list) ?? [];

  let body;
  if (positions.data) {
    body =
      list.length === 0 ? (
        <EmptyData text={t('lever.positions.empty')} />
      ) : (
        <>
          <ul className="lever-list" data-testid="lever-list">
            {list.map((position) => (
              <li key={position.id}>
                <PositionItem
                  position={position}
                  price={priceOf(position.symbol)}
                  pricePlaces={bySymbol.get(position.symbol)?.pricePrecision ?? 2}
                />
              </li>
            ))}
          </ul>
          <ListFooter
            fetchNextPage={positions.fetchNextPage}
            hasMore={positions.hasNextPage}
            failedText={t('lever.loadFailed')}
          />
        </>
      );
  } else if (positions.isError) {
    body = <ErrorView title={t('lever.loadFailed')} onRetry={() => void positions.refetch()} />;
  } else {
    body = <LoadingView />;
  }

  return (
    <div className="lever-page lever-record">
      <PageHeader
        title={t('lever.record.title')}
        fallback={LEVER_TRADE_PATH}
        right={mode ? <BookChip mode={mode} /> : null}
      />
      <section className="lever-card">
        <Segmented
          label={t('lever.record.title')}
          items={[
            { key: '0', label: t('lever.record.current') },
            { key: '1', label: t('lever.record.history') },
          ]}
          value={String(tab) as '0' | '1'}
          onChange={(key) => setParams(key === '1' ? { tab: '1' } : {}, { replace: true })}
        />
        {body}
      </section>
    </div>
  );
}
