import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleCalls, type ConsoleCallInput } from '@tidemark/contract';
import { request } from '../../api/client';

export type CreateOperatorInput = ConsoleCallInput<typeof consoleCalls.createOperator>;

export const operatorKeys = {
  all: ['operators'] as const,
  list: (page: number, pageSize: number) => [...operatorKeys.all, 'list', page, pageSize] as const,
};

export function useOperators(page: number, pageSize: number) {
  return useQuery({
    queryKey: operatorKeys.list(page, pageSize),
    queryFn: () => request(consoleCalls.listOperators, { page, pageSize }),
    placeholderData: keepPreviousData,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [operatorKeys.all, ['audit']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

export function useCreateOperator() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: CreateOperatorInput) => request(consoleCalls.createOperator, input),
    onSuccess: refresh,
  });
}

export function useSetOperatorEnabled() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ enable, ...input }: { id: number; reason: string; enable: boolean }) =>
      request(enable ? consoleCalls.enableOperator : consoleCalls.disableOperator, input),
    onSuccess: refresh,
  });
}
