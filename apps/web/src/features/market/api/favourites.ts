import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { favouriteCalls, type FavouriteList } from '@tidemark/contract';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { request } from '../../../api/client';
import { useSession } from '../../../api/session';
import { readStored, writeStored } from '../../../ui/stored';
import { FAVOURITES_KEY, missingOn, parseFavourites, toggleFavourite } from '../favourites';

/** Query keys of the trader's favourites: one list per session. */
export const favouriteKeys = {
  all: ['favourites'] as const,
  list: (token: string) => ['favourites', token] as const,
};

/* A visitor's favourites: localStorage, shared by every star on screen through one snapshot. */

const listeners = new Set<() => void>();
let snapshot: { raw: string | null; list: string[] } = { raw: null, list: [] };
/** The stars of this page alone, once storage refused them (private mode). */
let unstored: string[] | null = null;

function localList(): string[] {
  if (unstored) return unstored;
  const raw = readStored(FAVOURITES_KEY);
  if (raw !== snapshot.raw) snapshot = { raw, list: parseFavourites(raw) };
  return snapshot.list;
}

function writeLocal(list: readonly string[]): void {
  // Private mode: the stars last as long as this page.
  unstored = writeStored(FAVOURITES_KEY, list.length ? JSON.stringify(list) : null)
    ? null
    : [...list];
  listeners.forEach((notify) => notify());
}

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  // Another tab of the app starring a pair.
  const onStorage = (event: StorageEvent) => {
    if (event.key === FAVOURITES_KEY) notify();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(notify);
    window.removeEventListener('storage', onStorage);
  };
}

export interface Favourites {
  /** Starred symbols, in the order they were starred. */
  symbols: string[];
  isFavourite: (symbol: string) => boolean;
  toggle: (symbol: string) => void;
}

/**
 * The trader's favourite pairs: on the server for a signed-in trader (so they follow the account),
 * in this browser for a visitor. A star shows at once; a refused change puts the list back. At
 * the first signed-in read, the stars the visitor set here move to the account.
 */
export function useFavourites(): Favourites {
  const token = useSession((s) => s.token);
  const client = useQueryClient();
  const local = useSyncExternalStore(subscribe, localList);
  const key = favouriteKeys.list(token ?? '');
  const server = useQuery({
    queryKey: key,
    queryFn: () => request(favouriteCalls.findFavourites, {}, { quiet: true }),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
  const update = useMutation({
    mutationFn: (change: { symbol: string; favourite: 0 | 1 }) =>
      request(favouriteCalls.updateFavourite, change),
    onMutate: async ({ symbol }) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<FavouriteList>(key);
      client.setQueryData<FavouriteList>(key, {
        symbols: toggleFavourite(before?.symbols ?? [], symbol),
      });
      return { before };
    },
    onError: (_error, _change, context) => client.setQueryData(key, context?.before),
    onSuccess: (list) => client.setQueryData(key, list),
  });

  // The visitor's stars move to the account once per sign-in, at the first read of its list. Each
  // pair is moved on its own, so one the server refuses (no longer listed) holds up no other; what
  // is refused stays here and is tried again at the next sign-in.
  const movedFor = useRef<string | null>(null);
  const serverList = server.data?.symbols;
  useEffect(() => {
    if (!token || !serverList || movedFor.current === token) return;
    movedFor.current = token;
    const missing = missingOn(serverList, local);
    if (!missing.length) return;
    void (async () => {
      const refused: string[] = [];
      let last: FavouriteList | undefined;
      for (const symbol of missing) {
        try {
          last = await request(
            favouriteCalls.updateFavourite,
            { symbol, favourite: 1 },
            { quiet: true },
          );
        } catch {
          refused.push(symbol);
        }
      }
      writeLocal(refused);
      if (last) client.setQueryData(favouriteKeys.list(token), last);
    })();
  }, [token, serverList, local, client]);

  const symbols = token ? (serverList ?? []) : local;
  return {
    symbols,
    isFavourite: (symbol) => symbols.includes(symbol),
    toggle: (symbol) => {
      if (!token) {
        writeLocal(toggleFavourite(localList(), symbol));
        return;
      }
      update.mutate({ symbol, favourite: symbols.includes(symbol) ? 0 : 1 });
    },
  };
}
