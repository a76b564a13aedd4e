import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loanCalls, type CallInput } from '@tidemark/contract';
import { request } from '../../../api/client';
import { useSession } from '../../../api/session';
import { loanKeys } from './loan-queries';

export type ApplyLoanInput = CallInput<typeof loanCalls.insertLoanCurrencyOrder>;

interface Keyed<T> {
  input: T;
  idempotencyKey: string;
}

export function useApplyLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: Keyed<ApplyLoanInput>) =>
      request(loanCalls.insertLoanCurrencyOrder, input, { loading: true, idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loanKeys.all }),
  });
}

export function useRepayLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ loanId, idempotencyKey }: { loanId: number; idempotencyKey: string }) =>
      request(loanCalls.repayLoan, { loanId }, { loading: true, idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loanKeys.all }),
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
