import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { financialCalls, type AccountMode, type FinancialTier } from '@tidemark/contract';
import { request } from '../../../api/client';
import { nextPageParam } from '../../../api/paging';
import { useSession } from '../../../api/session';
import { FINANCIAL_STALE, financialKeys } from './financial-keys';

const PAGE_SIZE = 20;

/** The packages of a tier (or all) with the capacity left in the current book. */
export function useMoneyProducts(mode: AccountMode | undefined, tier: FinancialTier | 'all') {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: financialKeys.products(token, mode, tier),
    queryFn: () =>
      request(financialCalls.findMoneyProduct, tier === 'all' ? {} : { tier }, { quiet: true }),
    enabled: token === null || mode !== undefined,
    staleTime: FINANCIAL_STALE.products,
  });
}

/** The trader's earnings: principal in progress, all interest, today's (in their own time zone). */
export function useMoneyProfit(mode: AccountMode | undefined) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: financialKeys.profit(token, mode),
    queryFn: () =>
      request(
        financialCalls.findUserMoneyProductProfit,
        { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
        { quiet: true },
      ),
    enabled: token !== null && mode !== undefined,
    staleTime: FINANCIAL_STALE.user,
  });
}

/** Orders of a tab (0 in progress, 1 completed, 2 redeemed), newest first, a page at a time. */
export function useMoneyOrders(mode: AccountMode | undefined, tab: 0 | 1 | 2) {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: financialKeys.orders(token, mode, tab),
    queryFn: ({ pageParam }) =>
      request(
        financialCalls.findUserMoneyProduct,
        { tab, page: pageParam, pageSize: PAGE_SIZE },
        { quiet: true },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: token !== null && mode !== undefined,
    staleTime: FINANCIAL_STALE.user,
  });
}

/** One order with every dividend paid and what redeeming it now would return. */
export function useMoneyOrder(orderId: number | null) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: financialKeys.order(token, orderId ?? 0),
    queryFn: () =>
      request(financialCalls.findUserMoneyOnly, { orderId: orderId ?? 0 }, { quiet: true }),
    enabled: token !== null && orderId !== null,
    staleTime: FINANCIAL_STALE.user,
  });
}

/** Every dividend paid in the current book (or on one order), newest first. */
export function useDividends(mode: AccountMode | undefined, orderId?: number) {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: financialKeys.dividends(token, mode, orderId ?? 0),
    queryFn: ({ pageParam }) =>
      request(
        financialCalls.findMoneyProductDividends,
        { page: pageParam, pageSize: PAGE_SIZE, ...(orderId ? { orderId } : {}) },
        { quiet: true },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: token !== null && mode !== undefined,
    staleTime: FINANCIAL_STALE.user,
  });
}
