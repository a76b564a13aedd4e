import type { Product, Ticker } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { formatPrice, trendOf } from '../format';
import { isSuspended } from '../market-status';
import { ChangeText, compactText, FlashValue } from './numbers';
import { pricePlaces } from './pair-row';
import { SuspendedBadge } from './suspended-badge';

/**
 * The 24 h figures above the chart: last price large, change ("Suspended" beside it while the
 * coin has too few fresh price sources), high, low and both volumes.
 */
export function TickerStats({ ticker, product }: { ticker: Ticker; product: Product | undefined }) {
  const { t } = useTranslation();
  const places = pricePlaces(ticker, product);
  const figures = [
    { key: 'high', label: t('market.high24h'), value: formatPrice(ticker.high24h, places) },
    { key: 'low', label: t('market.low24h'), value: formatPrice(ticker.low24h, places) },
    {
      key: 'volume',
      label: t('market.volume24h', { coin: ticker.base }),
      value: compactText(t, ticker.volume24h),
    },
    {
      key: 'turnover',
      label: t('market.turnover24h', { coin: ticker.quote }),
      value: compactText(t, ticker.quoteVolume24h),
    },
  ];
  return (
    <section className="ticker-stats" data-symbol={ticker.symbol} data-status={ticker.status}>
      <div className="ticker-stats__main">
        <FlashValue
          value={ticker.price}
          className={`ticker-stats__price trend--${trendOf(ticker.change24h)}`}
        >
          {formatPrice(ticker.price, places)}
        </FlashValue>
        <ChangeText change={ticker.change24h} className="ticker-stats__change" />
        {isSuspended(ticker) ? <SuspendedBadge /> : null}
        {product ? <span className="ticker-stats__name">{product.name}</span> : null}
      </div>
      <dl className="ticker-stats__grid">
        {figures.map((f) => (
          <div key={f.key} className="ticker-stats__figure">
            <dt>{f.label}</dt>
            <dd className="num">{f.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function TickerStatsPlaceholder() {
  return <section className="ticker-stats ticker-stats--placeholder" aria-hidden="true" />;
}
