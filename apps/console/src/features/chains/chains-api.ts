import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleCalls, type ConsoleCallInput } from '@tidemark/contract';
import { request } from '../../api/client';
import { STALE } from '../../api/query-client';

export type AddChainInput = ConsoleCallInput<typeof consoleCalls.addChain>;
export type EditChainInput = ConsoleCallInput<typeof consoleCalls.editChain>;

export const chainKeys = {
  all: ['chains'] as const,
  list: () => [...chainKeys.all, 'list'] as const,
  settings: () => ['settings', 'withdrawal'] as const,
};

/** Every accepted currency and chain: a short list, fetched whole. */
export function useChains() {
  return useQuery({
    queryKey: chainKeys.list(),
    queryFn: () => request(consoleCalls.listChains, { page: 1, pageSize: 100 }),
    staleTime: STALE.reference,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [chainKeys.all, ['settings'], ['audit']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useAddChain() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: AddChainInput) => request(consoleCalls.addChain, input),
    onSuccess: refresh,
  });
}

export function useEditChain() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: EditChainInput) => request(consoleCalls.editChain, input),
    onSuccess: refresh,
  });
}

export function useWithdrawalSettings() {
  return useQuery({
    queryKey: chainKeys.settings(),
    queryFn: () => request(consoleCalls.getWithdrawalSettings, {}),
    staleTime: STALE.reference,
  });
}

export function useSetWithdrawalSettings() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (volumeThreshold: string) =>
      request(consoleCalls.setWithdrawalSettings, { volumeThreshold }),
    onSuccess: refresh,
  });
}
