import type { Depth } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../format';

const LEVELS = 12;

interface Level {
  price: string;
  quantity: string;
  /** Share of the deepest cumulative quantity on screen, 0..1, for the bar behind the row. */
  share: number;
}

/**
 * The best LEVELS levels of one side with their running totals. The bar width is presentation
 * only, so a float is good enough for it; the numbers shown are the wire's decimal strings.
 */
function levels(side: readonly (readonly [string, string])[]): { rows: Level[]; total: number } {
  let running = 0;
  const rows = side.slice(0, LEVELS).map(([price, quantity]) => {
    running += Number(quantity) || 0;
    return { price, quantity, share: running };
  });
  return { rows, total: running };
}

interface DepthBookProps {
  depth: Depth;
  pricePlaces: number;
  quantityPlaces: number;
}

/** Bids beside asks, best first, each with its depth bar (SPEC.md section 2: order book). */
export function DepthBook({ depth, pricePlaces, quantityPlaces }: DepthBookProps) {
  const { t } = useTranslation();
  const bids = levels(depth.bids);
  const asks = levels(depth.asks);
  const deepest = Math.max(bids.total, asks.total) || 1;
  const row = (level: Level, side: 'bid' | 'ask') => (
    <div key={level.price} className={`depth-row depth-row--${side}`}>
      <span
        className="depth-row__bar"
        style={{ width: `${Math.min(100, (level.share / deepest) * 100)}%` }}
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
