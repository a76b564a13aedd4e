import { queryOptions, useQuery } from '@tanstack/react-query';
import { spotCalls } from '@tidemark/contract';
import { request } from '../../../api/client';
import { SPOT_STALE, spotKeys } from './spot-keys';

export const productConfigQuery = (symbol: string) =>
  queryOptions({
    queryKey: spotKeys.config(symbol),
    queryFn: () => request(spotCalls.findByBProductConfig, { symbol }, { quiet: true }),
    staleTime: SPOT_STALE.config,
  });

/** A pair's trading rules: precision, minimum order, maker and taker fees, open or not. */
export function useProductConfig(symbol: string) {
  return useQuery(productConfigQuery(symbol));
}
