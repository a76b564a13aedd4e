/** Where market screens live (SPEC.md section 2); symbols travel encoded: BTC%2FUSDT. */
export const QUOTES_PATH = '/pages/quotes/index';
export const CHART_PATH = '/pages/trade/trend';
export const SPOT_TRADE_PATH = '/pages/trade/index';

export const DEFAULT_SYMBOL = 'BTC/USDT';

export const chartPath = (symbol: string) => `${CHART_PATH}?symbol=${encodeURIComponent(symbol)}`;
/** The coin tab on a pair; `side` opens the sell form (the chart page's Sell button). */
export const spotTradePath = (symbol: string, side?: 'buy' | 'sell') =>
  `${SPOT_TRADE_PATH}?symbol=${encodeURIComponent(symbol)}${side === 'sell' ? '&side=sell' : ''}`;
