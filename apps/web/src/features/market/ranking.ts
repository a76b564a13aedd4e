import type { Ticker } from '@tidemark/contract';
import { compareDecimal, trendOf } from './format';

export const RANKINGS = ['gainers', 'losers', 'volume'] as const;
export type Ranking = (typeof RANKINGS)[number];

/**
 * The home lists: biggest 24 h rise, biggest fall, most traded in USDT. Ties keep list order. A
 * gainer has risen and a loser has fallen: a coin down 0.20 % is no gainer, even on a day when
 * every coin fell, so either list may be empty.
 */
export function rankTickers(tickers: readonly Ticker[], ranking: Ranking, count: number): Ticker[] {
  let sorted = [...tickers];
  if (ranking === 'gainers')
    sorted = sorted
      .filter((t) => trendOf(t.change24h) === 'up')
      .sort((a, b) => compareDecimal(b.change24h, a.change24h));
  if (ranking === 'losers')
    sorted = sorted
      .filter((t) => trendOf(t.change24h) === 'down')
      .sort((a, b) => compareDecimal(a.change24h, b.change24h));
  if (ranking === 'volume')
    sorted.sort((a, b) => compareDecimal(b.quoteVolume24h, a.quoteVolume24h));
  return sorted.slice(0, count);
}

export type SortKey = 'name' | 'price' | 'change' | 'volume';
export type SortDirection = 'asc' | 'desc';
export interface Sort {
  key: SortKey;
  direction: SortDirection;
}

/** The quotes table's order; null keeps the configured pair order. */
export function sortTickers(tickers: readonly Ticker[], sort: Sort | null): Ticker[] {
  if (!sort) return [...tickers];
  const sign = sort.direction === 'asc' ? 1 : -1;
  const by: Record<SortKey, (a: Ticker, b: Ticker) => number> = {
    name: (a, b) => a.symbol.localeCompare(b.symbol, 'en'),
    price: (a, b) => compareDecimal(a.price, b.price),
    change: (a, b) => compareDecimal(a.change24h, b.change24h),
    volume: (a, b) => compareDecimal(a.quoteVolume24h, b.quoteVolume24h),
  };
  return [...tickers].sort((a, b) => sign * by[sort.key](a, b));
}

/** Tap a column: highest first (A first for names), tap again to flip, a third time to clear. */
export function nextSort(current: Sort | null, key: SortKey): Sort | null {
  const first: SortDirection = key === 'name' ? 'asc' : 'desc';
  if (!current || current.key !== key) return { key, direction: first };
  if (current.direction === first) return { key, direction: first === 'asc' ? 'desc' : 'asc' };
  return null;
}

/** Pairs whose base, quote, symbol or coin name contains the query (any case). */
export function searchTickers(
  tickers: readonly Ticker[],
  query: string,
  nameOf: (symbol: string) => string | undefined,
): Ticker[] {
  const q = query.trim().toUpperCase();
  if (!q) return [...tickers];
  return tickers.filter(
    (t) =>
      t.symbol.includes(q) ||
      t.symbol.replace('/', '').includes(q) ||
      (nameOf(t.symbol) ?? '').toUpperCase().includes(q),
  );
}
