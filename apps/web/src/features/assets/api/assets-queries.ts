import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { assetsCalls, type AccountChangeFilter, type AccountMode } from '@tidemark/contract';
import { request } from '../../../api/client';
import { nextPageParam } from '../../../api/paging';
import { useSession } from '../../../api/session';
import { useChannel } from '../../../api/use-channel';

/** How many account changes one page of the log brings. */
export const CHANGES_PAGE_SIZE = 20;

/**
 * Balances and the log belong to one book (demo or real) of one session: both are part of the
 * key, so switching the book (here or in settings) never shows the other book's numbers.
 */
export const assetsKeys = {
  all: ['assets'] as const,
  money: () => [...assetsKeys.all, 'money'] as const,
  bookMoney: (token: string | null, mode: AccountMode | undefined) =>
    [...assetsKeys.money(), token, mode] as const,
  changes: () => [...assetsKeys.all, 'changes'] as const,
  changeList: (token: string | null, mode: AccountMode | undefined, filter: AccountChangeFilter) =>
    [...assetsKeys.changes(), token, mode, filter] as const,
};

/**
 * Keeps balances and the log live: the server pushes a `balance` event on the user's channel
 * whenever a wallet changes (a transfer in another tab, a fill, a deposit credited).
 */
export function useLiveBalances(): void {
  const token = useSession((s) => s.token);
  const queryClient = useQueryClient();
  useChannel(token ? 'user' : null, (event) => {
    if (event.event === 'balance') void queryClient.invalidateQueries({ queryKey: assetsKeys.all });
  });
}

/** The current book's wallets and totals, live; waits until the book is known. */
export function useUserMoney(mode: AccountMode | undefined) {
  const token = useSession((s) => s.token);
  useLiveBalances();
  return useQuery({
    queryKey: assetsKeys.bookMoney(token, mode),
    queryFn: () => request(assetsCalls.findUserMoney, {}, { quiet: true }),
    enabled: token !== null && mode !== undefined,
  });
}

/** The contract wallet's available USDT, which options and leverage stake from (undefined until known). */
export function useContractUsdt(mode: AccountMode | undefined): string | undefined {
  return useUserMoney(mode).data?.wallets.contract.find((w) => w.currency === 'USDT')?.available;
}

/** The account-change log of the current book, newest first, a page at a time. */
export function useAccountChanges(mode: AccountMode | undefined, filter: AccountChangeFilter) {
  const token = useSession((s) => s.token);
  useLiveBalances();
  return useInfiniteQuery({
    queryKey: assetsKeys.changeList(token, mode, filter),
    queryFn: ({ pageParam }) =>
      request(
        assetsCalls.selectUserAccountChange,
        { type: filter, page: pageParam, pageSize: CHANGES_PAGE_SIZE },
        { quiet: true },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: token !== null && mode !== undefined,
  });
}
