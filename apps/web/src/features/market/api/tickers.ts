import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { marketCalls, type Ticker } from '@tidemark/contract';
import { request } from '../../../api/client';
import { CHANNELS } from '../../../api/socket';
import { useChannel } from '../../../api/use-channel';
import { MARKET_STALE, marketKeys } from './market-keys';

export const tickersQuery = () =>
  queryOptions({
    queryKey: marketKeys.tickers(),
    queryFn: () => request(marketCalls.findCurrencyMoneyList, {}, { quiet: true }),
    staleTime: MARKET_STALE.live,
  });

export const tickerQuery = (symbol: string) =>
  queryOptions({
    queryKey: marketKeys.ticker(symbol),
    queryFn: () => request(marketCalls.getTotalTrades, { symbol }, { quiet: true }),
    staleTime: MARKET_STALE.live,
  });

/** Replaces the tickers a frame carries, keeps the others and their order; new pairs go last. */
export function mergeTickers(list: readonly Ticker[], frame: readonly Ticker[]): Ticker[] {
  const fresh = new Map(frame.map((t) => [t.symbol, t]));
  const merged = list.map((t) => {
    const next = fresh.get(t.symbol);
    fresh.delete(t.symbol);
    // A late frame must not undo a newer one.
    return next && next.time >= t.time ? next : t;
  });
  return [...merged, ...fresh.values()];
}

/** Writes a `tickers` frame into the list and into each single-pair ticker already cached. */
export function applyTickerFrame(client: QueryClient, frame: readonly Ticker[]): void {
  client.setQueryData(marketKeys.tickers(), (list: Ticker[] | undefined) =>
    list ? mergeTickers(list, frame) : undefined,
  );
  for (const ticker of frame) {
    const key = marketKeys.ticker(ticker.symbol);
    if (client.getQueryData(key))
      client.setQueryData(key, (old: Ticker | undefined) =>
        old && old.time > ticker.time ? old : ticker,
      );
  }
}

/** Keeps the cached tickers live while mounted. */
export function useLiveTickers(): void {
  const client = useQueryClient();
  useChannel(CHANNELS.tickers, (frame) => applyTickerFrame(client, frame));
}

/** Every pair with its 24 h figures (home and quotes), live. */
export function useTickers() {
  useLiveTickers();
  return useQuery(tickersQuery());
}

/** One pair's 24 h figures (chart page), live. */
export function useTicker(symbol: string) {
  useLiveTickers();
  return useQuery(tickerQuery(symbol));
}
