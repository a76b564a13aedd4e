import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleCalls, WITHDRAWAL_OPEN_STATES, type ConsoleCallInput } from '@tidemark/contract';
import { request } from '../../api/client';
import { STALE } from '../../api/query-client';
import type { WithdrawalStatus } from '../../api/types';

export type WithdrawalListInput = ConsoleCallInput<typeof consoleCalls.listWithdrawals>;

export const withdrawalKeys = {
  all: ['withdrawals'] as const,
  list: (input: WithdrawalListInput) => [...withdrawalKeys.all, 'list', input] as const,
};

/** The step an open withdrawal moves to when advanced; null for one that has ended. */
export function nextStep(status: WithdrawalStatus): WithdrawalStatus | null {
  const open: readonly WithdrawalStatus[] = WITHDRAWAL_OPEN_STATES;
  const index = open.indexOf(status);
  if (index < 0) return null;
  return open[index + 1] ?? 'completed';
}

export function useWithdrawals(input: WithdrawalListInput) {
  return useQuery({
    queryKey: withdrawalKeys.list(input),
    queryFn: () => request(consoleCalls.listWithdrawals, input),
    staleTime: STALE.queue,
    placeholderData: keepPreviousData,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [withdrawalKeys.all, ['dashboard'], ['users'], ['ledger'], ['audit']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useAdvanceWithdrawal() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: number; txHash?: string }) =>
      request(consoleCalls.advanceWithdrawal, input),
    onSuccess: refresh,
  });
}

export function useRejectWithdrawal() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: number; reason: string }) =>
      request(consoleCalls.rejectWithdrawal, input),
    onSuccess: refresh,
  });
}

export function useFailWithdrawal() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: number; reason: string }) =>
      request(consoleCalls.failWithdrawal, input),
    onSuccess: refresh,
  });
}
