import { useMutation } from '@tanstack/react-query';
import { consoleCalls } from '@tidemark/contract';
import { useCallMutation, useInvalidate, usePage } from '../../api/call-hooks';
import { request } from '../../api/client';

export const operatorKeys = {
  all: ['operators'] as const,
  list: (page: number, pageSize: number) => [...operatorKeys.all, 'list', page, pageSize] as const,
};

export function useOperators(page: number, pageSize: number) {
  return usePage(consoleCalls.listOperators, operatorKeys.list(page, pageSize), {
    page,
    pageSize,
  });
}

/** An operator change shows in the list and in the audit log. */
const CHANGES = [operatorKeys.all];

export function useCreateOperator() {
  return useCallMutation(consoleCalls.createOperator, CHANGES);
}

export function useSetOperatorEnabled() {
  const refresh = useInvalidate(CHANGES);
  return useMutation({
    mutationFn: ({ enable, ...input }: { id: number; reason: string; enable: boolean }) =>
      request(enable ? consoleCalls.enableOperator : consoleCalls.disableOperator, input),
    onSuccess: refresh,
  });
}
