import type { Trade } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../format';

interface TradeListProps {
  trades: readonly Trade[];
  pricePlaces: number;
  quantityPlaces: number;
}

/** 24-hour clock with Latin digits, like every other number of the app. */
const clock = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The latest trades, newest first: time, price (green for a buyer, red for a seller), amount. */
export function TradeList({ trades, pricePlaces, quantityPlaces }: TradeListProps) {
  const { t } = useTranslation();
  return (
    <div className="trade-list" data-testid="trade-list">
      <div className="trade-list__head">
        <span>{t('market.trades.time')}</span>
        <span>{t('market.trades.price')}</span>
        <span>{t('market.trades.amount')}</span>
      </div>
      {trades.map((trade, i) => (
        <div key={`${trade.time}-${i}`} className="trade-list__row" data-side={trade.side}>
          <span className="num muted">{clock.format(trade.time)}</span>
          <span className={`num trend--${trade.side === 'buy' ? 'up' : 'down'}`}>
            {formatPrice(trade.price, pricePlaces)}
          </span>
          <span className="num">{formatPrice(trade.quantity, quantityPlaces)}</span>
        </div>
      ))}
    </div>
  );
}
