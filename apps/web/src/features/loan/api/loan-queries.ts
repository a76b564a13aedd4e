import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { loanCalls } from '@tidemark/contract';
import { request } from '../../../api/client';
import { nextPageParam } from '../../../api/paging';
import { useSession } from '../../../api/session';
import { useChannel } from '../../../api/use-channel';
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

/**
 * An approval pays into, and a repayment takes from, the real coin wallet: the server says so on
 * the user's channel, and the records (status, due time, what is owed) are read again.
 */
function useLiveLoans(): void {
  const token = useSession((s) => s.token);
  const queryClient = useQueryClient();
  useChannel(token ? 'user' : null, (event) => {
    if (event.event === 'balance' && event.mode === 'real') {
      void queryClient.invalidateQueries({ queryKey: loanKeys.all });
    }
  });
}

/** Applications and loans, newest first, a page at a time; read afresh on every visit. */
export function useLoanRecords() {
  const token = useSession((s) => s.token);
  useLiveLoans();
  return useInfiniteQuery({
    refetchOnMount: 'always',
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
