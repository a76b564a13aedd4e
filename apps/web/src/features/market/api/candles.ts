import { queryOptions, useQuery } from '@tanstack/react-query';
import { marketCalls, type CandlePeriod } from '@tidemark/contract';
import { request } from '../../../api/client';
import { MARKET_STALE, marketKeys } from './market-keys';

/** Enough bars to fill a phone-width chart several times over, so it can be scrolled back. */
export const CANDLE_LIMIT = 300;

export const candlesQuery = (symbol: string, period: CandlePeriod) =>
  queryOptions({
    queryKey: marketKeys.candles(symbol, period),
    queryFn: () =>
      request(
        marketCalls.findByBProductId,
        { symbol, period, limit: CANDLE_LIMIT },
        { quiet: true },
      ),
    staleTime: MARKET_STALE.candles,
  });

/** Candle history, oldest first; the chart follows the candle channel itself from there. */
export function useCandles(symbol: string, period: CandlePeriod) {
  return useQuery(candlesQuery(symbol, period));
}
