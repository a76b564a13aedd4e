import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';

/** How long a read stays fresh before it is fetched again in the background. */
export const STALE = { profile: 30_000, reference: 10 * 60_000 } as const;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      // A refusal (401, a rule) will not change on retry; a network blip might.
      retry: (failureCount, error) => !(error instanceof ApiError) && failureCount < 2,
      refetchOnWindowFocus: true,
    },
    mutations: { retry: false },
  },
});
