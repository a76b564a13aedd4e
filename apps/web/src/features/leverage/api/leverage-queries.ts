import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { leverageCalls, type AccountMode } from '@tidemark/contract';
import { request } from '../../../api/client';
import { nextPageParam } from '../../../api/paging';
import { useSession } from '../../../api/session';
import { LEVERAGE_STALE, leverageKeys } from './leverage-keys';

/*
 * The user's own positions below are live only on a page that calls useLiveLeverage once: one
 * subscription per page, so an event refetches each of them once.
 */

/** Positions per page of the record list. */
const POSITION_PAGE_SIZE = 20;

/** Lot price, fees, maintenance level, protection, tiers and symbols of positions opened now. */
export function useLeverageTerms() {
  return useQuery({
    queryKey: leverageKeys.terms(),
    queryFn: () => request(leverageCalls.findLeverageTerms, {}, { quiet: true }),
    staleTime: LEVERAGE_STALE.terms,
  });
}

/** Whether the trader opened the contract (after the disclosure). */
export function useContractStatus() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: leverageKeys.status(token),
    queryFn: () => request(leverageCalls.findContractStatus, {}, { quiet: true }),
    enabled: token !== null,
    staleTime: Infinity,
  });
}

/** The trader's tier and the multiples it allows (backUserMultiple). */
export function useUserMultiples() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: leverageKeys.multiples(token),
    queryFn: () => request(leverageCalls.backUserMultiple, {}, { quiet: true }),
    enabled: token !== null,
    staleTime: LEVERAGE_STALE.tier,
  });
}

/** The member tier page: tier, volume, next tier and progress. */
export function useMemberTier() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: leverageKeys.tier(token),
    queryFn: () => request(leverageCalls.findMemberTier, {}, { quiet: true }),
    enabled: token !== null,
    staleTime: LEVERAGE_STALE.tier,
  });
}

/** The current book's open positions with the server's mark and P&L, newest first. */
export function useOpenPositions(mode: AccountMode | undefined) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: leverageKeys.open(token, mode),
    queryFn: () => request(leverageCalls.findNowCurrencyOrder, {}, { quiet: true }),
    enabled: token !== null && mode !== undefined,
    staleTime: LEVERAGE_STALE.user,
  });
}

/** Open (0) or closed (1) positions of the current book, newest first, a page at a time. */
export function usePositionPages(tab: 0 | 1, mode: AccountMode | undefined) {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: leverageKeys.pages(token, mode, tab),
    queryFn: ({ pageParam }) =>
      request(
        leverageCalls.findUserOrderList,
        { tab, page: pageParam, pageSize: POSITION_PAGE_SIZE },
        { quiet: true },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: token !== null && mode !== undefined,
    staleTime: LEVERAGE_STALE.user,
  });
}

/** One of the trader's positions with its result. */
export function usePositionResult(positionId: number | null) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: leverageKeys.result(token, positionId ?? 0),
    queryFn: () =>
      request(
        leverageCalls.findContractOrderResult,
        { positionId: positionId ?? 0 },
        { quiet: true },
      ),
    enabled: token !== null && positionId !== null,
    staleTime: LEVERAGE_STALE.user,
  });
}
