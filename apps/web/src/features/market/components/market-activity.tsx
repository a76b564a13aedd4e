import type { AccountMode, MARKET_SOURCES } from '@tidemark/contract';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyData } from '../../../ui/empty-data';
import { useDepth } from '../api/depth';
import { useTrades } from '../api/trades';
import { DepthBook } from './depth-book';
import { MarketProblem } from './market-problem';
import { Segmented } from './segmented';
import { TradeList } from './trade-list';

type Panel = 'book' | 'trades';

/** Where the numbers come from, said plainly (the book and the trades are the spot engine's). */
function SourceNote({ source }: { source: (typeof MARKET_SOURCES)[number] | undefined }) {
  const { t } = useTranslation();
  if (!source) return null;
  return (
    <p className="source-note" data-source={source}>
      {t(`market.source.${source}`)}
    </p>
  );
}

interface MarketActivityProps {
  symbol: string;
  /** The viewer's book (viewedBook); undefined while it is not known. */
  book: AccountMode | undefined;
  pricePlaces: number;
  quantityPlaces: number;
}

/** The order book and the latest trades of a pair, below its chart, both live. */
export function MarketActivity({ symbol, book, pricePlaces, quantityPlaces }: MarketActivityProps) {
  const { t } = useTranslation();
  const [panel, setPanel] = useState<Panel>('book');
  const depth = useDepth(symbol, book);
  const trades = useTrades(symbol, book);
  const current = panel === 'book' ? depth : trades;
  const source = panel === 'book' ? depth.data?.source : trades.data?.[0]?.source;
  return (
    <section className="market-activity">
      <Segmented
        className="market-activity__tabs"
        label={t('market.activity')}
        items={[
          { key: 'book', label: t('market.book.title') },
          { key: 'trades', label: t('market.trades.title') },
        ]}
        value={panel}
        onChange={setPanel}
      />
      <SourceNote source={source} />
      {current.isPending ? (
        <div className="market-activity__loading" role="status" aria-label={t('common.loading')}>
          <DotLoading color="primary" />
        </div>
      ) : null}
      {current.isError && !current.data ? (
        <MarketProblem onRetry={() => void current.refetch()} />
      ) : null}
      {panel === 'book' && depth.data ? (
        <DepthBook depth={depth.data} pricePlaces={pricePlaces} quantityPlaces={quantityPlaces} />
      ) : null}
      {panel === 'trades' && trades.data?.length === 0 ? (
        <EmptyData text={t('spot.noTrades')} />
      ) : null}
      {panel === 'trades' && trades.data?.length ? (
        <TradeList trades={trades.data} pricePlaces={pricePlaces} quantityPlaces={quantityPlaces} />
      ) : null}
    </section>
  );
}
