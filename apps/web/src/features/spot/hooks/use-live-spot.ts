import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSession } from '../../../api/session';
import { useChannel } from '../../../api/use-channel';
import { spotKeys } from '../api/spot-keys';

/** A fill sends several frames at once (an order update, then each balance): one refetch for all. */
const BURST_MS = 150;

/**
 * Shared by every hook that listens, so a screen with both the balances and the orders on it
 * reads them once per burst rather than once per listener.
 */
let queued: ReturnType<typeof setTimeout> | undefined;

function refreshSoon(queryClient: QueryClient): void {
  if (queued) return;
  queued = setTimeout(() => {
    queued = undefined;
    void queryClient.invalidateQueries({ queryKey: spotKeys.user() });
  }, BURST_MS);
}

/**
 * Keeps the user's orders and pair balances live. Every `user` frame is a reason to read them
 * again: balance events and order events alike, whatever their shape, so kinds of event the server
 * adds later are covered too.
 */
export function useLiveSpot(): void {
  const token = useSession((s) => s.token);
  const queryClient = useQueryClient();
  useChannel(token ? 'user' : null, () => refreshSoon(queryClient));
}
