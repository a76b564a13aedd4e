import { MutationCache, QueryClient } from '@tanstack/react-query';
import { notifyError } from '../ui/notify';
import { ApiError, errorMessage } from './client';

/** How long a read stays fresh: queues move while an operator works, reference data rarely. */
export const STALE = { queue: 5_000, detail: 15_000, reference: 5 * 60_000 } as const;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: STALE.detail,
      // A refusal (401, 403, a rule) will not change on retry; a network blip might.
      retry: (failureCount, error) => !(error instanceof ApiError) && failureCount < 2,
      refetchOnWindowFocus: true,
    },
    mutations: { retry: false },
  },
  // Every failed action is reported the same way, as an antd message in the operator's language;
  // reads show their failure in place (see ui/query-state.tsx).
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      // A form that shows its failure in place (login) asks for no message.
      if (mutation.meta?.quiet !== true) notifyError(errorMessage(error));
    },
  }),
});
