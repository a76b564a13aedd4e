import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { optionsCalls, type AccountMode } from '@tidemark/contract';
import { request } from '../../../api/client';
import { nextPageParam } from '../../../api/paging';
import { useSession } from '../../../api/session';
import { useLiveOptions } from '../hooks/use-live-options';
import { OPTIONS_STALE, optionsKeys } from './options-keys';

/** Orders per page of the record list. */
export const OPTION_PAGE_SIZE = 20;

/** Where options are offered and which symbols: public. */
export function useOptionTerms() {
  return useQuery({
    queryKey: optionsKeys.terms(),
    queryFn: () => request(optionsCalls.findOptionTerms, {}, { quiet: true }),
    staleTime: OPTIONS_STALE.periods,
  });
}

/** A product's periods with their terms for orders placed now. */
export function usePeriods(symbol: string | undefined) {
  return useQuery({
    queryKey: optionsKeys.periods(symbol ?? ''),
    queryFn: () =>
      request(optionsCalls.findH5ProductPeriodsPage, { symbol: symbol ?? '' }, { quiet: true }),
    enabled: symbol !== undefined,
    staleTime: OPTIONS_STALE.periods,
  });
}

/** The current book's running orders (both kinds), soonest expiry first, live. */
export function useRunningOrders(mode: AccountMode | undefined) {
  const token = useSession((s) => s.token);
  useLiveOptions();
  return useQuery({
    queryKey: optionsKeys.running(token, mode),
    queryFn: () => request(optionsCalls.findNowCurrencyOrder, {}, { quiet: true }),
    enabled: token !== null && mode !== undefined,
    staleTime: OPTIONS_STALE.user,
  });
}

/** The current book's period orders not yet settled (scheduled first), live. */
export function useScheduledOrders(mode: AccountMode | undefined) {
  const token = useSession((s) => s.token);
  useLiveOptions();
  return useQuery({
    queryKey: optionsKeys.scheduled(token, mode),
    queryFn: () => request(optionsCalls.findNowPeriodsOrder, {}, { quiet: true }),
    enabled: token !== null && mode !== undefined,
    staleTime: OPTIONS_STALE.user,
  });
}

/** Current (0) or past (1) orders of the current book, newest first, a page at a time, live. */
export function useOptionPages(tab: 0 | 1, mode: AccountMode | undefined) {
  const token = useSession((s) => s.token);
  useLiveOptions();
  return useInfiniteQuery({
    queryKey: optionsKeys.pages(token, mode, tab),
    queryFn: ({ pageParam }) =>
      request(
        optionsCalls.findUserOrderList,
        { tab, page: pageParam, pageSize: OPTION_PAGE_SIZE },
        { quiet: true },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: token !== null && mode !== undefined,
    staleTime: OPTIONS_STALE.user,
  });
}

/** One of the user's orders with its result, live until it is settled. */
export function useOrderResult(orderId: number | null) {
  const token = useSession((s) => s.token);
  useLiveOptions();
  return useQuery({
    queryKey: optionsKeys.result(token, orderId ?? 0),
    queryFn: () =>
      request(optionsCalls.findCurrencyOrderResult, { orderId: orderId ?? 0 }, { quiet: true }),
    enabled: token !== null && orderId !== null,
    staleTime: OPTIONS_STALE.user,
  });
}
