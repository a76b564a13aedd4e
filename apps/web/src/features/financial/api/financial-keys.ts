import type { AccountMode, FinancialTier } from '@tidemark/contract';

/**
 * Query keys of the financial packages (STYLE.md: keys per resource). Products' remaining capacity
 * is per book; orders, earnings and dividends belong to one book of one session.
 */
export const financialKeys = {
  all: () => ['financial'] as const,
  products: (token: string | null, mode: AccountMode | undefined, tier: FinancialTier | 'all') =>
    ['financial', 'products', token, mode, tier] as const,
  user: () => ['financial', 'user'] as const,
  profit: (token: string | null, mode: AccountMode | undefined) =>
    ['financial', 'user', 'profit', token, mode] as const,
  orders: (token: string | null, mode: AccountMode | undefined, tab: 0 | 1 | 2) =>
    ['financial', 'user', 'orders', token, mode, tab] as const,
  order: (token: string | null, orderId: number) =>
    ['financial', 'user', 'order', token, orderId] as const,
  dividends: (token: string | null, mode: AccountMode | undefined, orderId: number) =>
    ['financial', 'user', 'dividends', token, mode, orderId] as const,
};

/** Products change only when an operator edits them; the user's figures on every event. */
export const FINANCIAL_STALE = { products: 30_000, user: 10_000 } as const;
