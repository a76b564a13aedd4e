import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../api/session';
import { useChannel } from '../../../api/use-channel';
import { optionsKeys } from '../api/options-keys';

/**
 * Keeps the user's option orders live: option.placed, option.started and option.settled on the
 * `user` channel invalidate the orders on screen; a balance event refreshes nothing here (the
 * assets queries follow those). No polling: while the socket is up, events are the only trigger.
 * Called once by each page that shows orders (not by each query hook: three lists on one page
 * would otherwise invalidate three times per event, each cancelling the refetch before it).
 */
export function useLiveOptions(): void {
  const token = useSession((s) => s.token);
  const queryClient = useQueryClient();
  useChannel(token ? 'user' : null, (event) => {
    if (event.event.startsWith('option.'))
      void queryClient.invalidateQueries({ queryKey: optionsKeys.user() });
  });
}
