import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loanCalls, type CallInput } from '@tidemark/contract';
import { request } from '../../../api/client';
import { useInvalidate, type Keyed } from '../../../api/keyed';
import { useSession } from '../../../api/session';
import { loanKeys } from './loan-queries';

export type ApplyLoanInput = CallInput<typeof loanCalls.insertLoanCurrencyOrder>;

export function useApplyLoan() {
  const refresh = useInvalidate(loanKeys.all);
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: Keyed<ApplyLoanInput>) =>
      request(loanCalls.insertLoanCurrencyOrder, input, { loading: true, idempotencyKey }),
    onSuccess: refresh,
  });
}

export function useRepayLoan() {
  const refresh = useInvalidate(loanKeys.all);
  return useMutation({
    mutationFn: ({ loanId, idempotencyKey }: { loanId: number; idempotencyKey: string }) =>
      request(loanCalls.repayLoan, { loanId }, { loading: true, idempotencyKey }),
    onSuccess: refresh,
  });
}

/** Evaluates the score again now (the creditScore page's button). */
export function useRefreshScore() {
  const queryClient = useQueryClient();
  const token = useSession((s) => s.token);
  return useMutation({
    mutationFn: () => request(loanCalls.findCreditScore, { refresh: true }, { loading: true }),
    onSuccess: (score) => queryClient.setQueryData(loanKeys.score(token), score),
  });
}
