import type { AccountMode } from '@tidemark/contract';

/** Which of the user's orders a list shows: tab 0 current (entrusted), 1 history (closed). */
export interface OrderFilter {
  tab: 0 | 1;
  /** One pair, or every pair when absent. */
  symbol?: string;
}

/**
 * Query keys of spot trading (STYLE.md: keys per resource). Orders and balances belong to one book
 * (demo or real) of one session, so both are part of their keys: switching the book never shows
 * the other book's orders. A product's trading rules are public and the same for everyone.
 */
export const spotKeys = {
  all: ['spot'] as const,
  config: (symbol: string) => ['spot', 'config', symbol] as const,
  user: () => ['spot', 'user'] as const,
  balances: (token: string | null, mode: AccountMode | undefined, symbol: string) =>
    ['spot', 'user', 'balances', token, mode, symbol] as const,
  orders: () => ['spot', 'user', 'orders'] as const,
  /** The open orders under the order form: one page, not the infinite list's pages. */
  openOrders: (token: string | null, mode: AccountMode | undefined, symbol: string) =>
    ['spot', 'user', 'orders', token, mode, 'open', symbol] as const,
  orderPages: (token: string | null, mode: AccountMode | undefined, filter: OrderFilter) =>
    ['spot', 'user', 'orders', token, mode, 'pages', filter.tab, filter.symbol ?? 'all'] as const,
};

/** How long spot reads stay fresh. The user's own data follows the `user` channel instead. */
export const SPOT_STALE = {
  /** Precision, minimum and fees change only when an operator edits the product. */
  config: 10 * 60_000,
  /** Orders and balances are refetched on every `user` frame; this only heals a missed one. */
  user: 30_000,
} as const;
