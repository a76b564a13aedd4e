import { useQuery } from '@tanstack/react-query';
import { marketConsoleCalls } from '@tidemark/contract';
import { request } from '../../api/client';

export const marketKeys = {
  all: ['market'] as const,
  sources: () => [...marketKeys.all, 'sources'] as const,
};

/** How often the sources are asked again: lag is live, and a staleness limit is seconds long. */
export const SOURCES_REFRESH_MS = 5_000;

/** The price feed's sources with their health and lag, and each coin's market, kept fresh. */
export function useMarketSources() {
  return useQuery({
    queryKey: marketKeys.sources(),
    queryFn: () => request(marketConsoleCalls.marketSources, {}),
    staleTime: SOURCES_REFRESH_MS,
    refetchInterval: SOURCES_REFRESH_MS,
  });
}
