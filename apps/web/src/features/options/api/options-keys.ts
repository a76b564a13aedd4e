import type { AccountMode } from '@tidemark/contract';

/** Which settlements the verify page lists: one symbol or all, expiries from a time on or all. */
export interface SettlementFilter {
  symbol?: string;
  /** Expiry (ms) from which records are listed. */
  from?: number;
}

/**
 * Query keys of option delivery (STYLE.md: keys per resource), one per call for every page that
 * reads it. Orders belong to one book (demo or real) of one session, so both are part of their
 * keys. The terms, a product's periods and the settlement record are the same for everyone.
 */
export const optionsKeys = {
  terms: () => ['options', 'terms'] as const,
  periods: (symbol: string) => ['options', 'periods', symbol] as const,
  settlements: (filter: SettlementFilter) =>
    ['options', 'settlements', filter.symbol ?? 'all', filter.from ?? 0] as const,
  settlement: (seq: number) => ['options', 'settlement', seq] as const,
  user: () => ['options', 'user'] as const,
  running: (token: string | null, mode: AccountMode | undefined) =>
    ['options', 'user', 'running', token, mode] as const,
  scheduled: (token: string | null, mode: AccountMode | undefined) =>
    ['options', 'user', 'scheduled', token, mode] as const,
  pages: (token: string | null, mode: AccountMode | undefined, tab: 0 | 1) =>
    ['options', 'user', 'pages', token, mode, tab] as const,
  result: (token: string | null, orderId: number) =>
    ['options', 'user', 'result', token, orderId] as const,
};

/** How long option reads stay fresh. */
export const OPTIONS_STALE = {
  /**
   * Terms and periods change only when an operator edits a product, and then only for orders
   * placed after. A minute, not longer: the trade page's sheet states the period's rates before
   * the trader confirms, so they should not lag an edit by much; the public pages read the same
   * entries and a minute costs them nothing.
   */
  terms: 60_000,
  /** The user's own orders are refetched on every option event; this only heals a missed one. */
  user: 30_000,
  /** New settlements arrive all the time; a page reopened a little later shows them. */
  settlements: 15_000,
  /** A record in the chain never changes. */
  record: Infinity,
} as const;
