/**
 * Query keys of deposits and withdrawals (STYLE.md: keys per resource). Both always use the real
 * book, so only the session is part of a key, never the demo/real mode.
 */
export const moneyKeys = {
  all: ['money'] as const,
  deposits: (token: string | null) => ['money', 'deposits', token] as const,
  withdrawals: (token: string | null) => ['money', 'withdrawals', token] as const,
  deposit: (token: string | null, id: number) => ['money', 'deposit', token, id] as const,
  withdrawal: (token: string | null, id: number) => ['money', 'withdrawal', token, id] as const,
  terms: (token: string | null, currency: string, chain: string | undefined) =>
    ['money', 'terms', token, currency, chain ?? null] as const,
};

/** How many records one page of the deposit or withdrawal list brings. */
export const RECORDS_PAGE_SIZE = 20;
