import { useMutation, useQuery } from '@tanstack/react-query';
import { consoleCalls } from '@tidemark/contract';
import { useCallMutation, useInvalidate } from '../../api/call-hooks';
import { request } from '../../api/client';
import { STALE } from '../../api/query-client';

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

/** A change to a chain or to the withdrawal settings shows there and in the audit log. */
const CHANGES = [chainKeys.all, ['settings']];

export function useAddChain() {
  return useCallMutation(consoleCalls.addChain, CHANGES);
}

export function useEditChain() {
  return useCallMutation(consoleCalls.editChain, CHANGES);
}

export function useWithdrawalSettings() {
  return useQuery({
    queryKey: chainKeys.settings(),
    queryFn: () => request(consoleCalls.getWithdrawalSettings, {}),
    staleTime: STALE.reference,
  });
}

export function useSetWithdrawalSettings() {
  const refresh = useInvalidate(CHANGES);
  return useMutation({
    mutationFn: (volumeThreshold: string) =>
      request(consoleCalls.setWithdrawalSettings, { volumeThreshold }),
    onSuccess: refresh,
  });
}
