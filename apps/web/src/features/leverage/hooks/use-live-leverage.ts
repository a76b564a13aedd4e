import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../api/session';
import { useChannel } from '../../../api/use-channel';
import { leverageKeys } from '../api/leverage-keys';

/**
 * Keeps the trader's positions live: leverage.opened, leverage.updated and leverage.closed on the
 * `user` channel (a take-profit, a stop-loss or a liquidation by the server included) refetch the
 * positions on screen. The live P&L itself comes from the tickers over /ws (the page marks each
 * position at its symbol's last price with the contract's rules), so a leverage.pnl frame
 * refetches nothing. Called once by each page that shows positions.
 */
export function useLiveLeverage(): void {
  const token = useSession((s) => s.token);
  const queryClient = useQueryClient();
  useChannel(token ? 'user' : null, (event) => {
    if (event.event.startsWith('leverage.') && event.event !== 'leverage.pnl')
      void queryClient.invalidateQueries({ queryKey: leverageKeys.positions() });
  });
}
