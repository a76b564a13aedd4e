/**
 * The exchanges a live feed can read (MARKET_SOURCES), each through its ccxt adapter
 * (live/adapters.ts). Public market data only: no keys, no accounts.
 */
export const LIVE_SOURCES = ['binance', 'okx', 'coinbase'] as const;
export type LiveSourceName = (typeof LIVE_SOURCES)[number];

export function isLiveSource(name: string): name is LiveSourceName {
  return (LIVE_SOURCES as readonly string[]).includes(name);
}

/** The live index's rules, read at start (config.ts). */
export interface IndexRules {
  /** A source's price older than this is left out of the index (ms). */
  staleMs: number;
  /** A source further than this from the median of the others is left out (basis points). */
  bandBps: number;
  /** Fewer fresh sources than this suspend a coin. */
  minSources: number;
}

export const DEFAULT_INDEX_RULES: IndexRules = { staleMs: 10_000, bandBps: 200, minSources: 2 };
