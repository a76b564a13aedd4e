import type { AccountMode } from '@tidemark/contract';

/**
 * Query keys of option delivery (STYLE.md: keys per resource). Orders belong to one book (demo or
 * real) of one session, so both are part of their keys. A product's periods and the terms are the
 * same for everyone.
 */
export const optionsKeys = {
  all: ['options'] as const,
  terms: () => ['options', 'terms'] as const,
  periods: (symbol: string) => ['options', 'periods', symbol] as const,
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

/** How long option reads stay fresh. The user's own orders follow the `user` channel instead. */
export const OPTIONS_STALE = {
  /** Terms and periods change only when an operator edits the product. */
  periods: 60_000,
  /** Refetched on every option event; this only heals a missed one. */
  user: 30_000,
} as const;
