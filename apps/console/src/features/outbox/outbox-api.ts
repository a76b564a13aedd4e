import { consoleCalls, type ConsoleCallInput } from '@tidemark/contract';
import { usePage } from '../../api/call-hooks';
import { STALE } from '../../api/query-client';

export type OutboxInput = ConsoleCallInput<typeof consoleCalls.listOutbox>;

export function useOutbox(input: OutboxInput) {
  return usePage(consoleCalls.listOutbox, ['outbox', input], input, {
    staleTime: STALE.queue,
    // A support call often waits for a code that is just being sent.
    refetchInterval: 10_000,
  });
}
