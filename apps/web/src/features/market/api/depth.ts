import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { marketCalls, type AccountMode, type Depth } from '@tidemark/contract';
import { request } from '../../../api/client';
import { CHANNELS } from '../../../api/socket';
import { useChannel } from '../../../api/use-channel';
import { MARKET_STALE, marketKeys } from './market-keys';

export const DEPTH_LEVELS = 20;

export const depthQuery = (symbol: string, book: AccountMode) =>
  queryOptions({
    queryKey: marketKeys.depth(symbol, book),
    queryFn: () =>
      request(marketCalls.getEntrustData, { symbol, depth: DEPTH_LEVELS }, { quiet: true }),
    staleTime: MARKET_STALE.live,
  });

/**
 * The order book of a pair in the viewer's book (see viewedBook), best first; each frame of its
 * depth channel is a whole new book. Idle while the book is not known.
 */
export function useDepth(symbol: string, book: AccountMode | undefined) {
  const client = useQueryClient();
  useChannel(book ? CHANNELS.depth(symbol, book) : null, (frame) => {
    if (book)
      client.setQueryData(marketKeys.depth(symbol, book), (old: Depth | undefined) =>
        old && old.time > frame.time ? old : frame,
      );
  });
  return useQuery({ ...depthQuery(symbol, book ?? 'real'), enabled: book !== undefined });
}
