import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { ConsoleCallDef, ConsoleCallInput } from '@tidemark/contract';
import { request } from './client';
import { STALE } from './query-client';

/** The audit log's reads. */
export const AUDIT_KEY = ['audit'] as const;

/**
 * Marks the reads an action has changed as out of date, so whatever shows them fetches again. Every
 * console action writes an audit row in its own transaction, so the audit log is always among them.
 */
export function useInvalidate(queryKeys: readonly QueryKey[]): () => Promise<void[]> {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [...queryKeys, AUDIT_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

/** An action that is exactly one call; once it succeeds, the reads it changes are refreshed. */
export function useCallMutation<C extends ConsoleCallDef>(call: C, changes: readonly QueryKey[]) {
  const invalidate = useInvalidate(changes);
  return useMutation({
    mutationFn: (input: ConsoleCallInput<C>) => request(call, input),
    onSuccess: invalidate,
  });
}

/** One page of a list call; the page on screen stays while the next one loads. */
export function usePage<C extends ConsoleCallDef>(
  call: C,
  queryKey: QueryKey,
  input: ConsoleCallInput<C>,
  options: { staleTime?: number; refetchInterval?: number } = {},
) {
  return useQuery({
    queryKey,
    queryFn: () => request(call, input),
    ...options,
    placeholderData: keepPreviousData,
  });
}

/** One page of a review queue: fresh for STALE.queue, as a queue moves while an operator works. */
export function useQueuePage<C extends ConsoleCallDef>(
  call: C,
  queryKey: QueryKey,
  input: ConsoleCallInput<C>,
) {
  return usePage(call, queryKey, input, { staleTime: STALE.queue });
}
