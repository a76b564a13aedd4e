import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { spotCalls, type AccountMode } from '@tidemark/contract';
import { request } from '../../../api/client';
import { nextPageParam } from '../../../api/paging';
import { useSession } from '../../../api/session';
import { useLiveSpot } from '../hooks/use-live-spot';
import { SPOT_STALE, spotKeys, type OrderFilter } from './spot-keys';

/** Orders per page of the history list. */
export const ORDERS_PAGE_SIZE = 20;
/** Open orders shown under the order form: more than a person keeps resting on one pair. */
export const OPEN_ORDERS_SHOWN = 50;

const read = (filter: OrderFilter, page: number, pageSize: number) =>
  request(
    spotCalls.findCoinOrderPage,
    { tab: filter.tab, page, pageSize, ...(filter.symbol ? { symbol: filter.symbol } : {}) },
    { quiet: true },
  );

/** The user's open orders of one pair in the current book, newest first, live. */
export function useOpenOrders(symbol: string, mode: AccountMode | undefined) {
  const token = useSession((s) => s.token);
  useLiveSpot();
  return useQuery({
    queryKey: spotKeys.openOrders(token, mode, symbol),
    queryFn: () => read({ tab: 0, symbol }, 1, OPEN_ORDERS_SHOWN),
    enabled: token !== null && mode !== undefined,
    staleTime: SPOT_STALE.user,
  });
}

/** Current or past orders of the current book, newest first, a page at a time, live. */
export function useOrderPages(filter: OrderFilter, mode: AccountMode | undefined) {
  const token = useSession((s) => s.token);
  useLiveSpot();
  return useInfiniteQuery({
    queryKey: spotKeys.orderPages(token, mode, filter),
    queryFn: ({ pageParam }) => read(filter, pageParam, ORDERS_PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: token !== null && mode !== undefined,
    staleTime: SPOT_STALE.user,
  });
}
