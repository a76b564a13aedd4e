import type { Depth } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { barWidth, bookLevels, type BookLevel } from '../depth-levels';
import { formatPrice } from '../format';

const LEVELS = 12;

interface DepthBookProps {
  depth: Depth;
  pricePlaces: number;
  quantityPlaces: number;
}

/** Bids beside asks, best first, each with its depth bar (SPEC.md section 2: order book). */
export function DepthBook({ depth, pricePlaces, quantityPlaces }: DepthBookProps) {
  const { t } = useTranslation();
  const bids = bookLevels(depth.bids, LEVELS);
  const asks = bookLevels(depth.asks, LEVELS);
  const deepest = Math.max(bids.total, asks.total);
  const row = (level: BookLevel, side: 'bid' | 'ask') => (
    <div key={level.price} className={`depth-row depth-row--${side}`}>
      <span
        className="depth-row__bar"
        style={{ width: barWidth(level, deepest) }}
        aria-hidden="true"
      />
      {side === 'bid' ? (
        <>
          <span className="num">{formatPrice(level.quantity, quantityPlaces)}</span>
          <span className="num depth-row__price">{formatPrice(level.price, pricePlaces)}</span>
        </>
      ) : (
        <>
          <span className="num depth-row__price">{formatPrice(level.price, pricePlaces)}</span>
          <span className="num">{formatPrice(level.quantity, quantityPlaces)}</span>
        </>
      )}
    </div>
  );
  return (
    <div className="depth-book" data-testid="depth-book">
      <div className="depth-book__side">
        <div className="depth-book__head">
          <span>{t('market.book.bid')}</span>
          <span>{t('market.book.price')}</span>
        </div>
        {bids.rows.map((level) => row(level, 'bid'))}
      </div>
      <div className="depth-book__side">
        <div className="depth-book__head">
          <span>{t('market.book.price')}</span>
          <span>{t('market.book.ask')}</span>
        </div>
        {asks.rows.map((level) => row(level, 'ask'))}
      </div>
    </div>
  );
}
