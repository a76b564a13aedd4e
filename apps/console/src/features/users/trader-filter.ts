/**
 * The orders search's trader box: a user id, or an account (email or phone) that names exactly one
 * trader. Pure, so the page and its tests read it the same way.
 */

export type TraderQuery =
  { kind: 'all' } | { kind: 'id'; userId: number } | { kind: 'account'; text: string };

/** What was typed: nothing, a user id ("12" or "#12"), or an account to look up. */
export function traderQuery(typed: string): TraderQuery {
  const text = typed.trim();
  if (text === '') return { kind: 'all' };
  const id = /^#?(\d{1,15})$/.exec(text);
  if (id) {
    const userId = Number(id[1]);
    if (Number.isSafeInteger(userId) && userId > 0) return { kind: 'id', userId };
  }
  return { kind: 'account', text };
}

export interface TraderAccount {
  id: number;
  email: string | null;
  phone: string | null;
  areaCode: string | null;
}

export type TraderPick<T> = { kind: 'one'; user: T } | { kind: 'none' } | { kind: 'several' };

const digits = (text: string) => text.replace(/\D/g, '');

/**
 * The trader an account names among the users search's answers: the one whose email or phone is
 * exactly what was typed (a phone with or without its area code), else the only answer. Several
 * loose matches ("gmail") name nobody in particular.
 */
export function pickTrader<T extends TraderAccount>(
  typed: string,
  users: readonly T[],
): TraderPick<T> {
  const text = typed.trim().toLowerCase();
  const number = digits(text);
  const exact = users.filter(
    (u) =>
      (u.email !== null && u.email.toLowerCase() === text) ||
      (u.phone !== null &&
        number !== '' &&
        /^[+\d\s()-]+$/.test(text) &&
        (digits(u.phone) === number || `${u.areaCode ?? ''}${digits(u.phone)}` === number)),
  );
  if (exact.length === 1) return { kind: 'one', user: exact[0]! };
  if (exact.length > 1) return { kind: 'several' };
  if (users.length === 1) return { kind: 'one', user: users[0]! };
  return users.length ? { kind: 'several' } : { kind: 'none' };
}
