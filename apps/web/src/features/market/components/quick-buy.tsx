import type { Product, Ticker } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../format';
import { isSuspended } from '../market-status';
import { CoinBadge } from './coin-badge';
import { ChangeText, FlashValue } from './numbers';
import { pricePlaces } from './pair-row';
import { SuspendedBadge } from './suspended-badge';

interface QuickBuyProps {
  tickers: readonly Ticker[];
  products: ReadonlyMap<string, Product>;
  onBuy: (symbol: string) => void;
}

/** Quick coin buy (SPEC.md section 2, home): the first pairs as "Buy BTC" tiles with their price. */
export function QuickBuy({ tickers, products, onBuy }: QuickBuyProps) {
  const { t } = useTranslation();
  if (tickers.length === 0) return null;
  return (
    <section className="quick-buy" aria-labelledby="quick-buy-title">
      <h2 id="quick-buy-title" className="quick-buy__title">
        {t('market.quickBuy.title')}
      </h2>
      <div className="quick-buy__tiles">
        {tickers.map((ticker) => (
          <button
            key={ticker.symbol}
            type="button"
            className="quick-buy__tile"
            data-symbol={ticker.symbol}
            data-status={ticker.status}
            onClick={() => onBuy(ticker.symbol)}
          >
            <span className="quick-buy__coin">
              <CoinBadge coin={ticker.base} size={22} />
              <strong>{ticker.base}</strong>
            </span>
            <FlashValue value={ticker.price} className="quick-buy__price">
              {formatPrice(ticker.price, pricePlaces(ticker, products.get(ticker.symbol)))}
            </FlashValue>
            {isSuspended(ticker) ? (
              <SuspendedBadge />
            ) : (
              <ChangeText change={ticker.change24h} className="quick-buy__change" />
            )}
            <span className="quick-buy__action">
              {t('market.quickBuy.buy', { coin: ticker.base })}
            </span>
          </button>
        ))}
      </div>
    </section>
  );
}
