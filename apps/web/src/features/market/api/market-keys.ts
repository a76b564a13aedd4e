import type { AccountMode, CandlePeriod } from '@tidemark/contract';

/** Query keys of the public market data (STYLE.md: keys per resource). */
export const marketKeys = {
  all: ['market'] as const,
  tickers: () => ['market', 'tickers'] as const,
  ticker: (symbol: string) => ['market', 'ticker', symbol] as const,
  products: () => ['market', 'products'] as const,
  candles: (symbol: string, period: CandlePeriod) => ['market', 'candles', symbol, period] as const,
  /** Trades and depth are per book: a demo user sees the demo book, everyone else the real one. */
  trades: (symbol: string, book: AccountMode) => ['market', 'trades', symbol, book] as const,
  depth: (symbol: string, book: AccountMode) => ['market', 'depth', symbol, book] as const,
};

/** How long market reads stay fresh: live ones are kept current by the socket instead. */
export const MARKET_STALE = {
  /** Tickers, trades and depth follow their channels; a refetch only heals a missed frame. */
  live: 60_000,
  /** Candle history is read again when a chart opens, so a revisit is not hours behind. */
  candles: 0,
  products: 10 * 60_000,
} as const;
