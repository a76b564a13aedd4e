import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyData } from '../../../ui/empty-data';
import { useRouteExists } from '../../../ui/route-registry';
import { useProducts } from '../api/products';
import { useTickers } from '../api/tickers';
import { chartPath, QUOTES_PATH, SPOT_TRADE_PATH, spotTradePath } from '../paths';
import { rankTickers, RANKINGS, type Ranking } from '../ranking';
import { MarketProblem } from './market-problem';
import { PairRow, PairRowsPlaceholder } from './pair-row';
import { QuickBuy } from './quick-buy';
import { Segmented } from './segmented';

const RANKED_ROWS = 8;
const QUICK_BUY_COINS = 3;

/**
 * The market part of home (SPEC.md section 2): the pairs ranked by gainers, losers or volume,
 * live, on the first screen, then quick coin buy. "More" opens the quotes tab.
 */
export function HomeMarkets() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const exists = useRouteExists();
  const tickers = useTickers();
  const { bySymbol } = useProducts();
  const [ranking, setRanking] = useState<Ranking>('gainers');
  const list = tickers.data ?? [];
  const ranked = rankTickers(list, ranking, RANKED_ROWS);
  const openChart = (symbol: string) => navigate(chartPath(symbol));
  const buy = (symbol: string) =>
    navigate(exists(SPOT_TRADE_PATH) ? spotTradePath(symbol) : chartPath(symbol));

  return (
    <>
      <section className="market-card" aria-label={t('market.pairs')}>
        <div className="market-card__head">
          <Segmented
            className="market-card__tabs"
            label={t('market.ranking')}
            items={RANKINGS.map((key) => ({ key, label: t(`market.rankings.${key}`) }))}
            value={ranking}
            onChange={setRanking}
          />
          {exists(QUOTES_PATH) ? (
            <button
              type="button"
              className="text-button more-link"
              onClick={() => navigate(QUOTES_PATH)}
            >
              {t('market.more')}
              <RightOutline className="flip-rtl" />
            </button>
          ) : null}
        </div>
        <div className="pair-head" aria-hidden="true">
          <span>{t('market.pairVolume')}</span>
          <span>{t('market.lastPrice')}</span>
          <span>{t('market.change24h')}</span>
        </div>
        {tickers.isPending ? <PairRowsPlaceholder rows={RANKED_ROWS} /> : null}
        {tickers.isError && !tickers.data ? (
          <MarketProblem onRetry={() => void tickers.refetch()} />
        ) : null}
        <div className="pair-list" role="tabpanel" data-ranking={ranking}>
          {ranked.map((ticker) => (
            <PairRow
              key={ticker.symbol}
              ticker={ticker}
              product={bySymbol.get(ticker.symbol)}
              onOpen={openChart}
            />
          ))}
          {tickers.data && ranked.length === 0 ? (
            <EmptyData text={t(`market.rankingEmpty.${ranking}`)} />
          ) : null}
        </div>
      </section>
      <QuickBuy tickers={list.slice(0, QUICK_BUY_COINS)} products={bySymbol} onBuy={buy} />
    </>
  );
}
