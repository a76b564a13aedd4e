import type { Depth, Ticker } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { barWidth, bookLevels, type BookLevel } from '../depth-levels';
import { formatPrice, trendOf } from '../format';
import { FlashValue } from './numbers';

/** Levels per side: with the last price between, the book is as tall as the order form beside it. */
export const COMPACT_LEVELS = 6;

interface CompactBookProps {
  depth: Depth | undefined;
  ticker: Ticker | undefined;
  base: string;
  quote: string;
  pricePlaces: number;
  quantityPlaces: number;
  /** A tapped level (or the last price): the order form takes its price. */
  onPick: (price: string) => void;
  /** Levels where the user has an order of their own, marked with a dot. */
  isOwn?: (price: string) => boolean;
}

/**
 * The order book beside the order form (SPEC.md section 2, spot trade): asks above, worst at the
 * top so the best sits next to the last price in the middle, bids below, best first. Each side
 * always has COMPACT_LEVELS rows, empty ones included, so the form beside it never jumps.
 */
export function CompactBook({
  depth,
  ticker,
  base,
  quote,
  pricePlaces,
  quantityPlaces,
  onPick,
  isOwn,
}: CompactBookProps) {
  const { t } = useTranslation();
  const asks = bookLevels(depth?.asks ?? [], COMPACT_LEVELS);
  const bids = bookLevels(depth?.bids ?? [], COMPACT_LEVELS);
  const deepest = Math.max(asks.total, bids.total);
  const padded = (rows: BookLevel[]) => [
    ...rows,
    ...Array.from({ length: COMPACT_LEVELS - rows.length }, () => null),
  ];

  const row = (level: BookLevel | null, side: 'ask' | 'bid', index: number) =>
    level ? (
      <button
        key={level.price}
        type="button"
        className={`book-level book-level--${side}`}
        data-price={level.price}
        data-own={isOwn?.(level.price) ? '' : undefined}
        onClick={() => onPick(level.price)}
      >
        <span className="book-level__bar" style={{ width: barWidth(level, deepest) }} />
        <span className="num book-level__price">{formatPrice(level.price, pricePlaces)}</span>
        <span className="num book-level__quantity">
          {formatPrice(level.quantity, quantityPlaces)}
        </span>
      </button>
    ) : (
      <span key={`empty-${index}`} className="book-level book-level--empty" aria-hidden="true" />
    );

  return (
    <div className="compact-book" data-testid="compact-book" aria-label={t('market.book.title')}>
      <div className="compact-book__head">
        <span>{t('spot.book.price', { quote })}</span>
        <span>{t('spot.book.quantity', { base })}</span>
      </div>
      <div className="compact-book__side" data-side="asks">
        {padded(asks.rows)
          .reverse()
          .map((level, i) => row(level, 'ask', i))}
      </div>
      {ticker ? (
        <button
          type="button"
          className="compact-book__last"
          data-price={ticker.price ?? undefined}
          disabled={ticker.price === null}
          onClick={() => ticker.price !== null && onPick(ticker.price)}
        >
          <FlashValue value={ticker.price} className={`trend--${trendOf(ticker.change24h)}`}>
            {formatPrice(ticker.price, pricePlaces)}
          </FlashValue>
        </button>
      ) : (
        <span className="compact-book__last" aria-hidden="true" />
      )}
      <div className="compact-book__side" data-side="bids">
        {padded(bids.rows).map((level, i) => row(level, 'bid', i))}
      </div>
    </div>
  );
}
