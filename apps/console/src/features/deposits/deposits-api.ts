import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleCalls, type ConsoleCallInput } from '@tidemark/contract';
import { request } from '../../api/client';
import { STALE } from '../../api/query-client';

export type DepositListInput = ConsoleCallInput<typeof consoleCalls.listDeposits>;

export const depositKeys = {
  all: ['deposits'] as const,
  list: (input: DepositListInput) => [...depositKeys.all, 'list', input] as const,
};

export function useDeposits(input: DepositListInput) {
  return useQuery({
    queryKey: depositKeys.list(input),
    queryFn: () => request(consoleCalls.listDeposits, input),
    staleTime: STALE.queue,
    placeholderData: keepPreviousData,
  });
}

/** After a decision the queues, the dashboard counts and the user's balances are out of date. */
function useRefreshAfterDecision() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [depositKeys.all, ['dashboard'], ['users'], ['ledger'], ['audit']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useApproveDeposit() {
  const refresh = useRefreshAfterDecision();
  return useMutation({
    mutationFn: (id: number) => request(consoleCalls.approveDeposit, { id }),
    onSuccess: refresh,
  });
}

export function useRejectDeposit() {
  const refresh = useRefreshAfterDecision();
  return useMutation({
    mutationFn: (input: { id: number; reason: string }) =>
      request(consoleCalls.rejectDeposit, input),
    onSuccess: refresh,
  });
}
