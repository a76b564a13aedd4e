import { useQuery } from '@tanstack/react-query';
import { consoleCalls } from '@tidemark/contract';
import { request } from '../../api/client';
import { STALE } from '../../api/query-client';

export function useDashboard() {
  return useQuery({
    queryKey: ['dashboard'] as const,
    queryFn: () => request(consoleCalls.getDashboard, {}),
    staleTime: STALE.queue,
    // The queues fill while the page is open.
    refetchInterval: 30_000,
  });
}
