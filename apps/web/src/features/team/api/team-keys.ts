/**
 * Query keys of the team (STYLE.md: keys per resource). Everything but the platform's recent
 * releases belongs to one session, so the token is part of the key.
 */
export const teamKeys = {
  all: () => ['team'] as const,
  person: (token: string | null, currency: string) => ['team', 'person', token, currency] as const,
  records: (token: string | null) => ['team', 'records', token] as const,
  friends: (token: string | null) => ['team', 'friends', token] as const,
  recent: () => ['team', 'recent'] as const,
};

/** How long team reads stay fresh: releases come once a day, a page reopened shows them. */
export const TEAM_STALE = 30_000;
