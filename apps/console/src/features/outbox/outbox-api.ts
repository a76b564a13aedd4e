import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { consoleCalls, type ConsoleCallInput } from '@tidemark/contract';
import { request } from '../../api/client';
import { STALE } from '../../api/query-client';

export type OutboxInput = ConsoleCallInput<typeof consoleCalls.listOutbox>;

export function useOutbox(input: OutboxInput) {
  return useQuery({
    queryKey: ['outbox', input] as const,
    queryFn: () => request(consoleCalls.listOutbox, input),
    staleTime: STALE.queue,
    // A support call often waits for a code that is just being sent.
    refetchInterval: 10_000,
    placeholderData: keepPreviousData,
  });
}
