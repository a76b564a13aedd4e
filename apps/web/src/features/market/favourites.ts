import { SYMBOL_PATTERN } from '@tidemark/contract';

/**
 * A trader's favourite pairs, as an ordered list of symbols: the order they were starred in. A
 * signed-in trader's list lives on the server (/api/favourites); a visitor's in this browser,
 * and it moves to the server at the first sign-in.
 */

export const FAVOURITES_KEY = 'favourites';
/** More than there are pairs; only a damaged or hostile stored value reaches it. */
const MOST = 100;

/** A stored list, read defensively: anything that is not a list of symbols counts for nothing. */
export function parseFavourites(raw: string | null): string[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const symbols = parsed.filter(
    (s): s is string => typeof s === 'string' && SYMBOL_PATTERN.test(s),
  );
  return [...new Set(symbols)].slice(0, MOST);
}

/** Stars a pair at the end of the list, or unstars it. */
export function toggleFavourite(list: readonly string[], symbol: string): string[] {
  return list.includes(symbol) ? list.filter((s) => s !== symbol) : [...list, symbol];
}

/** The visitor's stars the server does not have yet, in their order. */
export function missingOn(server: readonly string[], local: readonly string[]): string[] {
  return local.filter((s) => !server.includes(s));
}

/** The favourites' rows, in the order the pairs were starred; pairs no longer listed drop out. */
export function favouriteRows<T extends { symbol: string }>(
  rows: readonly T[],
  favourites: readonly string[],
): T[] {
  const bySymbol = new Map(rows.map((r) => [r.symbol, r]));
  return favourites.flatMap((s) => {
    const row = bySymbol.get(s);
    return row ? [row] : [];
  });
}
