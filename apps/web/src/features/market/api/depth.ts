import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { marketCalls, type Depth } from '@tidemark/contract';
import { request } from '../../../api/client';
import { CHANNELS } from '../../../api/socket';
import { useChannel } from '../../../api/use-channel';
import { MARKET_STALE, marketKeys } from './market-keys';

export const DEPTH_LEVELS = 20;

export const depthQuery = (symbol: string) =>
  queryOptions({
    queryKey: marketKeys.depth(symbol),
    queryFn: () =>
      request(marketCalls.getEntrustData, { symbol, depth: DEPTH_LEVELS }, { quiet: true }),
    staleTime: MARKET_STALE.live,
  });

/** The order book of a pair, best first; each `depth.<symbol>` frame is a whole new book. */
export function useDepth(symbol: string) {
  const client = useQueryClient();
  useChannel(CHANNELS.depth(symbol), (book) =>
    client.setQueryData(marketKeys.depth(symbol), (old: Depth | undefined) =>
      old && old.time > book.time ? old : book,
    ),
  );
  return useQuery(depthQuery(symbol));
}
