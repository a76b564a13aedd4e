import { queryOptions, useQuery } from '@tanstack/react-query';
import { marketCalls, type Product } from '@tidemark/contract';
import { useMemo } from 'react';
import { request } from '../../../api/client';
import { MARKET_STALE, marketKeys } from './market-keys';

export const productsQuery = () =>
  queryOptions({
    queryKey: marketKeys.products(),
    queryFn: () => request(marketCalls.findCurrencyProductList, {}, { quiet: true }),
    staleTime: MARKET_STALE.products,
  });

/** The configured pairs by symbol: their names and how many places their prices show. */
export function useProducts(): { bySymbol: ReadonlyMap<string, Product>; isPending: boolean } {
  const products = useQuery(productsQuery());
  const bySymbol = useMemo(
    () => new Map((products.data ?? []).map((p) => [p.symbol, p])),
    [products.data],
  );
  return { bySymbol, isPending: products.isPending };
}
