import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleCalls, type ConsoleCallInput } from '@tidemark/contract';
import { request } from '../../api/client';
import { STALE } from '../../api/query-client';

export type KycListInput = ConsoleCallInput<typeof consoleCalls.listKyc>;

export const kycKeys = {
  all: ['kyc'] as const,
  list: (input: KycListInput) => [...kycKeys.all, 'list', input] as const,
};

export function useKycSubmissions(input: KycListInput) {
  return useQuery({
    queryKey: kycKeys.list(input),
    queryFn: () => request(consoleCalls.listKyc, input),
    staleTime: STALE.queue,
    placeholderData: keepPreviousData,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [kycKeys.all, ['dashboard'], ['users'], ['audit']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useApproveKyc() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => request(consoleCalls.approveKyc, { id }),
    onSuccess: refresh,
  });
}

export function useRejectKyc() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: number; reason: string }) => request(consoleCalls.rejectKyc, input),
    onSuccess: refresh,
  });
}
