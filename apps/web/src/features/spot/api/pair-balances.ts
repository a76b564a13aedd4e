import { useQuery } from '@tanstack/react-query';
import { spotCalls, type AccountMode } from '@tidemark/contract';
import { request } from '../../../api/client';
import { useSession } from '../../../api/session';
import { useLiveSpot } from '../hooks/use-live-spot';
import { SPOT_STALE, spotKeys } from './spot-keys';

/**
 * The coin wallet's base and quote balances of a pair in the current book, live. Idle for visitors
 * and until the book is known.
 */
export function usePairBalances(symbol: string, mode: AccountMode | undefined) {
  const token = useSession((s) => s.token);
  useLiveSpot();
  return useQuery({
    queryKey: spotKeys.balances(token, mode, symbol),
    queryFn: () => request(spotCalls.findUserMoney, { symbol }, { quiet: true }),
    enabled: token !== null && mode !== undefined,
    staleTime: SPOT_STALE.user,
  });
}
