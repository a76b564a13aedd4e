import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { loanCalls } from '@tidemark/contract';
import { request } from '../../../api/client';
import { nextPageParam } from '../../../api/paging';
import { useSession } from '../../../api/session';
import { LOAN_PAGE_SIZE } from '../paths';

/** Query keys of loans (always the real book: only the session is part of a key). */
export const loanKeys = {
  all: ['loan'] as const,
  products: ['loan', 'products'] as const,
  score: (token: string | null) => ['loan', 'score', token] as const,
  records: (token: string | null) => ['loan', 'records', token] as const,
};

/** Products with all their terms, and the agreement's version code. */
export function useLoanProducts() {
  return useQuery({
    queryKey: loanKeys.products,
    queryFn: () => request(loanCalls.findLoanProducts, {}, { quiet: true }),
  });
}

/** The trader's stored credit score (evaluated again by the server when a day old). */
export function useCreditScore() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: loanKeys.score(token),
    queryFn: () => request(loanCalls.findCreditScore, { refresh: false }, { quiet: true }),
    enabled: token !== null,
  });
}

/** Applications and loans, newest first, a page at a time. */
export function useLoanRecords() {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: loanKeys.records(token),
    queryFn: ({ pageParam }) =>
      request(
        loanCalls.findLoanCurrencyOrderPage,
        { page: pageParam, pageSize: LOAN_PAGE_SIZE },
        { quiet: true },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: token !== null,
  });
}
