import type { AccountMode } from '@tidemark/contract';

/**
 * Query keys of the leveraged contract (STYLE.md: keys per resource). Positions, the contract's
 * status and the tier belong to one session, positions to one book too; the terms are the same
 * for everyone.
 */
export const leverageKeys = {
  terms: () => ['leverage', 'terms'] as const,
  user: () => ['leverage', 'user'] as const,
  status: (token: string | null) => ['leverage', 'user', 'status', token] as const,
  multiples: (token: string | null) => ['leverage', 'user', 'multiples', token] as const,
  tier: (token: string | null) => ['leverage', 'user', 'tier', token] as const,
  positions: () => ['leverage', 'user', 'positions'] as const,
  open: (token: string | null, mode: AccountMode | undefined) =>
    ['leverage', 'user', 'positions', 'open', token, mode] as const,
  pages: (token: string | null, mode: AccountMode | undefined, tab: 0 | 1) =>
    ['leverage', 'user', 'positions', 'pages', token, mode, tab] as const,
  result: (token: string | null, positionId: number) =>
    ['leverage', 'user', 'positions', 'result', token, positionId] as const,
};

/** How long leverage reads stay fresh. */
export const LEVERAGE_STALE = {
  /**
   * Terms change only when an operator edits them, and then only for positions opened after; the
   * trade page states them before the trader confirms, so a minute at most.
   */
  terms: 60_000,
  /** Positions are refetched on every leverage event; this only heals a missed one. */
  user: 30_000,
  /** The tier follows 30 days of volume: it moves slowly. */
  tier: 60_000,
} as const;
