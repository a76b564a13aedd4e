import { SYMBOL_PATTERN, type Ticker } from '@tidemark/contract';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useProducts } from '../api/products';
import { useTickers } from '../api/tickers';
import { DEFAULT_SYMBOL } from '../paths';

export interface TradeSymbol {
  /** The coins a product offers now, in its order. */
  open: readonly string[];
  /** The coin of ?symbol=BTC%2FUSDT among the open ones, else the first open one. */
  symbol: string;
  /** A coin's last price from the feed (undefined before the first tick). */
  priceOf: (symbol: string) => string | undefined;
  /** A coin's live ticker (its market's status among the rest); undefined while loading. */
  tickerOf: (symbol: string) => Ticker | undefined;
  /** A coin's price places (2 until the products are known). */
  placesOf: (symbol: string) => number;
}

/**
 * The coin of a product's trade page (options, leverage): chosen by the address among the
 * product's enabled coins, with the feed's price and the pair's places for any coin.
 */
export function useTradeSymbol(
  products: readonly { symbol: string; enabled: boolean }[] | undefined,
): TradeSymbol {
  const [params] = useSearchParams();
  const open = useMemo(
    () => (products ?? []).filter((p) => p.enabled).map((p) => p.symbol),
    [products],
  );
  const asked = (params.get('symbol') ?? '').toUpperCase();
  const symbol =
    SYMBOL_PATTERN.test(asked) && (open.length === 0 || open.includes(asked))
      ? asked
      : (open[0] ?? DEFAULT_SYMBOL);
  const tickers = useTickers();
  const pairs = useProducts();
  const tickerOf = (s: string) => tickers.data?.find((x) => x.symbol === s);
  return {
    open,
    symbol,
    priceOf: (s) => tickerOf(s)?.price ?? undefined,
    tickerOf,
    placesOf: (s) => pairs.bySymbol.get(s)?.pricePrecision ?? 2,
  };
}
