import { QUOTE_CURRENCY, parseMoney, type Product } from '@tidemark/contract';

/** One configured coin of the simulated feed, quoted in USDT. */
export interface CoinSpec {
  base: string;
  /** English name; the app may localise it. */
  name: string;
  /**
   * Today's price (decimal string): the history back-filled on first start ends exactly here, and
   * the feed is pulled weakly back towards it over the years.
   */
  price: string;
  /** Decimals of a price (the tick size is 10^-pricePrecision). */
  pricePrecision: number;
  /** Decimals of a quantity (the lot size is 10^-quantityPrecision). */
  quantityPrecision: number;
  /** Annualised volatility of the log price (0.55 = 55 % a year). */
  volatility: number;
  /** USDT traded on an average day: sizes the simulated prints, candle volumes and book depth. */
  dailyQuoteVolume: number;
  /** Offered as an option delivery product (findCurrencyProductList type 1). */
  options: boolean;
  tradingOpen: boolean;
}

/**
 * DESIGN.md section 3 "Market": the default coins. Prices are plausible for late 2026 and are the
 * level history is anchored to (it ends there on first start). Volatilities are each coin's
 * realised annual volatility over recent years: about 60 % for BTC and 75 % for ETH, lower for the
 * steadier large caps (BNB, TRX), up to 100 % for DOGE. Volumes are those of a mid-sized venue, so
 * a month of DOGE volume still fits an int8 column.
 */
export const COINS: readonly CoinSpec[] = [
  coin('BTC', 'Bitcoin', '95000.00', 2, 5, 0.6, 80e6, true),
  coin('ETH', 'Ethereum', '3400.00', 2, 4, 0.75, 45e6, true),
  coin('BNB', 'BNB', '680.00', 2, 3, 0.5, 8e6, true),
  coin('SOL', 'Solana', '185.00', 2, 2, 0.9, 20e6, true),
  coin('XRP', 'XRP', '2.3500', 4, 1, 0.85, 12e6, true),
  coin('DOGE', 'Dogecoin', '0.16000', 5, 0, 1.0, 8e6, true),
  coin('ADA', 'Cardano', '0.7200', 4, 1, 0.9, 4e6, false),
  coin('TRX', 'TRON', '0.25000', 5, 0, 0.45, 3e6, false),
  coin('LTC', 'Litecoin', '98.50', 2, 3, 0.75, 3e6, false),
  coin('DOT', 'Polkadot', '5.800', 3, 2, 0.9, 2e6, false),
  coin('LINK', 'Chainlink', '19.500', 3, 2, 0.9, 3e6, false),
  coin('AVAX', 'Avalanche', '32.00', 2, 2, 0.95, 2.5e6, false),
];

function coin(
  base: string,
  name: string,
  price: string,
  pricePrecision: number,
  quantityPrecision: number,
  volatility: number,
  dailyQuoteVolume: number,
  options: boolean,
): CoinSpec {
  return {
    base,
    name,
    price,
    pricePrecision,
    quantityPrecision,
    volatility,
    dailyQuoteVolume,
    options,
    tradingOpen: true,
  };
}

/** A configured coin with the values the hot paths need precomputed. */
export interface Coin {
  readonly index: number;
  readonly spec: CoinSpec;
  readonly symbol: string;
  readonly product: Product;
  /** Units (1e-8) of one price tick and one lot. */
  readonly priceStep: bigint;
  readonly quantityStep: bigint;
  /** 10^precision as numbers, to round a float price or quantity to whole ticks or lots. */
  readonly priceScale: number;
  readonly quantityScale: number;
  /** Starting price in units. */
  readonly startPrice: bigint;
}

export function symbolOf(base: string): string {
  return `${base}/${QUOTE_CURRENCY}`;
}

export function prepareCoins(specs: readonly CoinSpec[] = COINS): Coin[] {
  return specs.map((spec, index) => ({
    index,
    spec,
    symbol: symbolOf(spec.base),
    product: {
      id: index + 1,
      symbol: symbolOf(spec.base),
      base: spec.base,
      quote: QUOTE_CURRENCY,
      name: spec.name,
      pricePrecision: spec.pricePrecision,
      quantityPrecision: spec.quantityPrecision,
      tradingOpen: spec.tradingOpen,
      options: spec.options,
      sort: index + 1,
    },
    priceStep: 10n ** BigInt(8 - spec.pricePrecision),
    quantityStep: 10n ** BigInt(8 - spec.quantityPrecision),
    priceScale: 10 ** spec.pricePrecision,
    quantityScale: 10 ** spec.quantityPrecision,
    startPrice: parseMoney(spec.price),
  }));
}

/** A float price rounded to the coin's tick, in units; never below one tick. */
export function priceUnits(coin: Coin, price: number): bigint {
  const ticks = Math.round(price * coin.priceScale);
  return ticks > 0 ? BigInt(ticks) * coin.priceStep : coin.priceStep;
}

/** A float quantity rounded to the coin's lot, in units; at least one lot. */
export function quantityUnits(coin: Coin, quantity: number): bigint {
  const lots = Math.round(quantity * coin.quantityScale);
  return lots > 0 ? BigInt(lots) * coin.quantityStep : coin.quantityStep;
}

/** Units as a float (for the simulator's log price; never for money arithmetic). */
export function unitsToNumber(units: bigint): number {
  return Number(units) / 1e8;
}
