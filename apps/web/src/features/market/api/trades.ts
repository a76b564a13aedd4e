import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { marketCalls, type AccountMode, type Trade } from '@tidemark/contract';
import { request } from '../../../api/client';
import { CHANNELS } from '../../../api/socket';
import { useChannel } from '../../../api/use-channel';
import { MARKET_STALE, marketKeys } from './market-keys';

export const TRADES_SHOWN = 30;

export const tradesQuery = (symbol: string, book: AccountMode) =>
  queryOptions({
    queryKey: marketKeys.trades(symbol, book),
    queryFn: () => request(marketCalls.getTrades, { symbol, limit: TRADES_SHOWN }, { quiet: true }),
    staleTime: MARKET_STALE.live,
  });

const sameTrade = (a: Trade, b: Trade) =>
  a.time === b.time && a.price === b.price && a.quantity === b.quantity && a.side === b.side;

/**
 * New trades (newest first) in front of the known ones, keeping the newest TRADES_SHOWN. A frame
 * may repeat a trade the first read already had (it raced the subscription): it is shown once.
 */
export function prependTrades(known: readonly Trade[], fresh: readonly Trade[]): Trade[] {
  const newest = known[0]?.time ?? 0;
  const newer = fresh.filter(
    (t) => t.time >= newest && !known.some((k) => k.time === t.time && sameTrade(k, t)),
  );
  return [...newer, ...known].slice(0, TRADES_SHOWN);
}

/** The latest trades of a pair in the viewer's book (see viewedBook), newest first, live. */
export function useTrades(symbol: string, book: AccountMode | undefined) {
  const client = useQueryClient();
  useChannel(book ? CHANNELS.trades(symbol, book) : null, (fresh) => {
    if (book)
      client.setQueryData(marketKeys.trades(symbol, book), (known: Trade[] | undefined) =>
        known ? prependTrades(known, fresh) : undefined,
      );
  });
  return useQuery({ ...tradesQuery(symbol, book ?? 'real'), enabled: book !== undefined });
}
