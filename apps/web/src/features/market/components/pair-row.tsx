import type { Product, Ticker } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { formatPrice, placesOf } from '../format';
import { isSuspended } from '../market-status';
import { CoinBadge } from './coin-badge';
import { ChangePill, compactText, FlashValue } from './numbers';
import { SuspendedBadge } from './suspended-badge';

/** How many places a pair's prices show: the product's precision, else what the price carries. */
export function pricePlaces(ticker: Pick<Ticker, 'price'>, product: Product | undefined): number {
  return product?.pricePrecision ?? Math.max(2, placesOf(ticker.price));
}

interface PairRowProps {
  ticker: Ticker;
  product: Product | undefined;
  onOpen: (symbol: string) => void;
}

/**
 * One pair in a list: coin, 24 h volume in USDT, last price (pulsing on moves), 24 h change, or
 * "Suspended" in its place while the coin has too few fresh price sources.
 */
export function PairRow({ ticker, product, onOpen }: PairRowProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="pair-row"
      data-symbol={ticker.symbol}
      data-volume={ticker.quoteVolume24h}
      data-status={ticker.status}
      onClick={() => onOpen(ticker.symbol)}
    >
      <CoinBadge coin={ticker.base} size={28} />
      <span className="pair-row__name">
        <span className="pair-row__symbol num">
          <strong>{ticker.base}</strong>
          <span className="muted">/{ticker.quote}</span>
        </span>
        <span className="pair-row__volume">
          {t('market.volumeShort', { value: compactText(t, ticker.quoteVolume24h) })}
        </span>
      </span>
      <FlashValue value={ticker.price} className="pair-row__price">
        {formatPrice(ticker.price, pricePlaces(ticker, product))}
      </FlashValue>
      {isSuspended(ticker) ? <SuspendedBadge pill /> : <ChangePill change={ticker.change24h} />}
    </button>
  );
}

/** Grey rows of the right height while the first list loads. */
export function PairRowsPlaceholder({ rows }: { rows: number }) {
  return (
    <div aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="pair-row pair-row--placeholder">
          <span className="coin-badge coin-badge--placeholder" />
          <span className="skeleton-line" />
          <span className="skeleton-line skeleton-line--short" />
        </div>
      ))}
    </div>
  );
}
