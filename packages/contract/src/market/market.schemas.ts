import * as z from 'zod/mini';
import type { CANDLE_PERIODS } from '../constants';

/** "BTC/USDT": base and quote in capitals. */
export const SYMBOL_PATTERN = /^[A-Z0-9]{2,10}\/[A-Z0-9]{2,10}$/;

/** A coin's market: open, or suspended while too few price sources are fresh. */
export const MARKET_STATUSES = ['open', 'suspended'] as const;
export type MarketStatus = (typeof MARKET_STATUSES)[number];

export const ticker = /* @__PURE__ */ z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  /**
   * Last price (decimal string); null while the coin has never had a price (a live feed whose
   * sources have not printed it yet and no stored history): never a placeholder.
   */
  price: z.nullable(z.string()),
  /** The 24 h open, high and low; null with `price`. */
  open24h: z.nullable(z.string()),
  high24h: z.nullable(z.string()),
  low24h: z.nullable(z.string()),
  /** Change over 24 h in percent, 2 places: "-1.25"; null with `price`. */
  change24h: z.nullable(z.string()),
  /** Traded over 24 h, in the base currency. */
  volume24h: z.string(),
  /** Traded over 24 h, in the quote currency (USDT). */
  quoteVolume24h: z.string(),
  time: z.number(),
  /**
   * "open", or "suspended" while fewer than the configured minimum of price sources are fresh
   * (a blind market takes no new option orders or positions and its market maker quotes nothing).
   */
  status: z.enum(MARKET_STATUSES),
  /** How many price sources are fresh now (the embedded simulator counts as one). */
  sources: z.number(),
});
export type Ticker = z.output<typeof ticker>;

export const product = /* @__PURE__ */ z.object({
  id: z.number(),
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  /** The coin's English name ("Bitcoin"); the app may localise it. */
  name: z.string(),
  pricePrecision: z.number(),
  quantityPrecision: z.number(),
  /** Trading is open for this product (SPEC.md section 5: "coin must be open for trading"). */
  tradingOpen: z.boolean(),
  /** Offered as an option delivery product (findCurrencyProductList type 1). */
  options: z.boolean(),
  sort: z.number(),
});
export type Product = z.output<typeof product>;

export const candle = /* @__PURE__ */ z.object({
  /** Open time of the candle, epoch ms. */
  time: z.number(),
  open: z.string(),
  high: z.string(),
  low: z.string(),
  close: z.string(),
  /** Base-currency volume. */
  volume: z.string(),
});
export type Candle = z.output<typeof candle>;
export type CandlePeriodName = (typeof CANDLE_PERIODS)[number];

/** Where trades and depth come from: the simulated feed until the spot engine runs, then the engine. */
export const MARKET_SOURCES = ['feed', 'engine'] as const;

export const trade = /* @__PURE__ */ z.object({
  price: z.string(),
  quantity: z.string(),
  /** The taker's side. */
  side: z.enum(['buy', 'sell']),
  time: z.number(),
  source: z.enum(MARKET_SOURCES),
});
export type Trade = z.output<typeof trade>;

/** [price, quantity], best first. */
const level = /* @__PURE__ */ z.tuple([z.string(), z.string()]);

export const depth = /* @__PURE__ */ z.object({
  symbol: z.string(),
  bids: z.array(level),
  asks: z.array(level),
  source: z.enum(MARKET_SOURCES),
  time: z.number(),
});
export type Depth = z.output<typeof depth>;

export const conversionRate = /* @__PURE__ */ z.object({
  currency: z.string(),
  /** USDT for one unit of the currency (USDT itself is 1). */
  rate: z.string(),
  time: z.number(),
});
export type ConversionRate = z.output<typeof conversionRate>;
