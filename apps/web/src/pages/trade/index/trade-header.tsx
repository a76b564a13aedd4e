import type { AccountMode, Ticker } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BookChip } from '../../../features/assets/components/book-chip';
import { useFavourites } from '../../../features/market/api/favourites';
import { FavouriteStar } from '../../../features/market/components/favourite-star';
import { formatPrice, trendOf } from '../../../features/market/format';
import { ChangeText, FlashValue } from '../../../features/market/components/numbers';
import { PairSwitcher } from '../../../features/market/components/pair-switcher';
import { SuspendedBadge } from '../../../features/market/components/suspended-badge';
import { isSuspended } from '../../../features/market/market-status';
import { chartPath } from '../../../features/market/paths';
import { ChartIcon } from './chart-icon';

interface TradeHeaderProps {
  symbol: string;
  ticker: Ticker | undefined;
  pricePlaces: number;
  /** The book orders go to (demo or real); unknown for visitors. */
  mode: AccountMode | undefined;
  onSwitch: (symbol: string) => void;
}

/**
 * The pair (tap to switch), its last price and 24 h change ("Suspended" instead while the coin
 * has too few fresh price sources), the book in use, the favourite star and the chart.
 */
export function TradeHeader({ symbol, ticker, pricePlaces, mode, onSwitch }: TradeHeaderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const favourites = useFavourites();
  return (
    <header className="spot-head">
      <PairSwitcher symbol={symbol} onChange={onSwitch} />
      {ticker ? (
        <span className="spot-head__quote" data-symbol={ticker.symbol}>
          <FlashValue
            value={ticker.price}
            className={`spot-head__price trend--${trendOf(ticker.change24h)}`}
          >
            {formatPrice(ticker.price, pricePlaces)}
          </FlashValue>
          {isSuspended(ticker) ? (
            <SuspendedBadge />
          ) : (
            <ChangeText change={ticker.change24h} className="spot-head__change" />
          )}
        </span>
      ) : null}
      <span className="spot-head__end">
        {mode ? <BookChip mode={mode} /> : null}
        <FavouriteStar
          symbol={symbol}
          on={favourites.isFavourite(symbol)}
          onToggle={favourites.toggle}
          className="spot-head__star"
        />
        <button
          type="button"
          className="icon-button spot-head__chart"
          aria-label={t('spot.chart')}
          onClick={() => navigate(chartPath(symbol))}
        >
          <ChartIcon />
        </button>
      </span>
    </header>
  );
}
