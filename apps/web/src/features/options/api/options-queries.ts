import { useInfiniteQuery, useQueries, useQuery } from '@tanstack/react-query';
import { optionsCalls, type AccountMode } from '@tidemark/contract';
import { request } from '../../../api/client';
import { nextPageParam } from '../../../api/paging';
import { useSession } from '../../../api/session';
import { OPTIONS_STALE, optionsKeys } from './options-keys';

/*
 * The user's own orders below are live only on a page that calls useLiveOptions once: one
 * subscription per page, so an event refetches each of them once.
 */

/** Orders per page of the record list. */
const OPTION_PAGE_SIZE = 20;

/** Where options are offered, which symbols and the rules around them: public. */
export function useOptionTerms() {
  return useQuery({
    queryKey: optionsKeys.terms(),
    queryFn: () => request(optionsCalls.findOptionTerms, {}, { quiet: true }),
    staleTime: OPTIONS_STALE.terms,
  });
}

/** A product's periods with their terms for orders placed now: public. */
export const periodsQuery = (symbol: string) => ({
  queryKey: optionsKeys.periods(symbol),
  queryFn: () => request(optionsCalls.findH5ProductPeriodsPage, { symbol }, { quiet: true }),
  staleTime: OPTIONS_STALE.terms,
});

export function usePeriods(symbol: string) {
  return useQuery(periodsQuery(symbol));
}

/** The periods of every symbol given (the overview and the description list them all). */
export function useProductPeriods(symbols: readonly string[]) {
  return useQueries({ queries: symbols.map(periodsQuery) });
}

/** The current book's running orders (both kinds), soonest expiry first. */
export function useRunningOrders(mode: AccountMode | undefined) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: optionsKeys.running(token, mode),
    queryFn: () => request(optionsCalls.findNowCurrencyOrder, {}, { quiet: true }),
    enabled: token !== null && mode !== undefined,
    staleTime: OPTIONS_STALE.user,
  });
}

/** The current book's period orders not yet settled (scheduled first). */
export function useScheduledOrders(mode: AccountMode | undefined) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: optionsKeys.scheduled(token, mode),
    queryFn: () => request(optionsCalls.findNowPeriodsOrder, {}, { quiet: true }),
    enabled: token !== null && mode !== undefined,
    staleTime: OPTIONS_STALE.user,
  });
}

/** Current (0) or past (1) orders of the current book, newest first, a page at a time. */
export function useOptionPages(tab: 0 | 1, mode: AccountMode | undefined) {
  const token = useSession((s) => s.token);
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

/** One of the user's orders with its result. */
export function useOrderResult(orderId: number | null) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: optionsKeys.result(token, orderId ?? 0),
    queryFn: () =>
      request(optionsCalls.findCurrencyOrderResult, { orderId: orderId ?? 0 }, { quiet: true }),
    enabled: token !== null && orderId !== null,
    staleTime: OPTIONS_STALE.user,
  });
}
