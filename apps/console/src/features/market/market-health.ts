import type { ConsoleMarketSources, SourceCoinState } from '@tidemark/contract';

export type FeedSource = ConsoleMarketSources['sources'][number];
export type FeedCoin = ConsoleMarketSources['coins'][number];

/**
 * How late a source is against the staleness limit: `ok` within half of it, `late` within it,
 * `stale` past it (its prices are out of the index), `none` before its first price.
 */
export type LagLevel = 'ok' | 'late' | 'stale' | 'none';

export function lagLevel(lagMs: number | null, staleMs: number): LagLevel {
  if (lagMs === null) return 'none';
  if (lagMs > staleMs) return 'stale';
  return lagMs > staleMs / 2 ? 'late' : 'ok';
}

/** How many of a source's coins are in the index now. */
export function freshCoins(source: FeedSource): number {
  return source.coins.filter((c) => c.state === 'fresh').length;
}

/** One coin's state at one source, and the price and time behind it. */
export interface SourceCell {
  state: SourceCoinState;
  price: string | null;
  time: number | null;
}

const MISSING: SourceCell = { state: 'missing', price: null, time: null };

/** A coin's row: its state at each source, in the sources' order (missing where a source has none). */
export function coinCells(sources: readonly FeedSource[], symbol: string): SourceCell[] {
  return sources.map((source) => source.coins.find((c) => c.symbol === symbol) ?? MISSING);
}

/** The coins suspended now, in the answer's order. */
export function suspendedSymbols(coins: readonly FeedCoin[]): string[] {
  return coins.filter((c) => c.status === 'suspended').map((c) => c.symbol);
}

/**
 * A duration in the largest fitting unit of the operator's language ("350 ms", "4.2 s",
 * "3 min", "2 h"), through Intl's unit names, so no language needs texts of its own for units.
 */
export function formatDuration(ms: number, locale: string): string {
  const unit = (value: number, name: string, digits = 0) =>
    new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: name,
      unitDisplay: 'short',
      maximumFractionDigits: digits,
    }).format(value);
  if (ms < 1_000) return unit(Math.round(ms), 'millisecond');
  if (ms < 60_000) return unit(ms / 1_000, 'second', ms < 10_000 ? 1 : 0);
  if (ms < 3_600_000) return unit(Math.floor(ms / 60_000), 'minute');
  return unit(Math.floor(ms / 3_600_000), 'hour');
}

/** A band in basis points as a percentage of the operator's language ("2%" for 200). */
export function formatBand(bps: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    bps / 10_000,
  );
}
