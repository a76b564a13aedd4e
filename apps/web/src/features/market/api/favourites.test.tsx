import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { favouriteCalls, type CallDef } from '@tidemark/contract';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../api/session';
import { FAVOURITES_KEY } from '../favourites';

/** The server's list, and the pairs it refuses to star (no longer listed). */
let onServer: string[] = [];
let unlisted: string[] = [];
const starred: string[] = [];
vi.mock('../../../api/client', () => ({
  request: async (call: CallDef, input: { symbol?: string; favourite?: 0 | 1 }) => {
    if (call === favouriteCalls.findFavourites) return { symbols: [...onServer] };
    const symbol = input.symbol ?? '';
    if (unlisted.includes(symbol)) throw new Error(`${symbol} is not listed`);
    starred.push(symbol);
    onServer = input.favourite ? [...onServer, symbol] : onServer.filter((s) => s !== symbol);
    return { symbols: [...onServer] };
  },
}));

const { useFavourites } = await import('./favourites');

let client = new QueryClient();
function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => {
  cleanup();
  act(() => useSession.getState().signOut());
  localStorage.clear();
  onServer = [];
  unlisted = [];
  starred.length = 0;
});

describe("a visitor's favourites", () => {
  it('are kept in the browser, in the order they were starred', () => {
    const { result } = renderHook(() => useFavourites(), { wrapper });
    act(() => result.current.toggle('ETH/USDT'));
    act(() => result.current.toggle('BTC/USDT'));
    expect(result.current.symbols).toEqual(['ETH/USDT', 'BTC/USDT']);
    expect(JSON.parse(localStorage.getItem(FAVOURITES_KEY) ?? '[]')).toEqual([
      'ETH/USDT',
      'BTC/USDT',
    ]);
    expect(starred).toEqual([]);
  });

  it('move to the account at sign-in, each on its own: a refused pair holds up none of the rest', async () => {
    localStorage.setItem(FAVOURITES_KEY, JSON.stringify(['OLD/USDT', 'ETH/USDT', 'BTC/USDT']));
    onServer = ['BTC/USDT'];
    unlisted = ['OLD/USDT'];
    act(() => useSession.getState().signIn('token-1'));
    const { result } = renderHook(() => useFavourites(), { wrapper });
    await waitFor(() => expect(result.current.symbols).toEqual(['BTC/USDT', 'ETH/USDT']));
    // Only what the server lacked was sent, once; the refused pair stays in the browser.
    expect(starred).toEqual(['ETH/USDT']);
    expect(JSON.parse(localStorage.getItem(FAVOURITES_KEY) ?? '[]')).toEqual(['OLD/USDT']);
  });
});
