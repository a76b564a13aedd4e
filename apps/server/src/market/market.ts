import type { CandlePeriod, Candle, ConversionRate, Product, Ticker } from '@tidemark/contract';
import type { MarketFeedKind, MarketStatus, SourceCoinState } from '@tidemark/contract';
import type { Tick } from './tick-log';

/**
 * A coin's market now: "open", or "suspended" while fewer than the configured minimum of price
 * sources are fresh (MARKET_FEED=live; the simulator is one source, always fresh; a scripted feed
 * may script blind windows). `reason` says why in the operators' words (null when open).
 */
export interface CoinStatus {
  status: MarketStatus;
  /** How many sources are fresh. */
  sources: number;
  reason: string | null;
}

/** One price source's health as the operators see it (the console's marketSources). */
export interface SourceHealth {
  name: string;
  /** Its stream is connected now (the simulator always is). */
  connected: boolean;
  /** The source's time of its newest price of any coin (ms); null before the first. */
  lastUpdate: number | null;
  /** The last connection error; null while it streams. */
  error: string | null;
  /** Per coin, in the market's coin order. */
  coins: { symbol: string; state: SourceCoinState; price: bigint | null; time: number | null }[];
}

/** Where the prices come from and how healthy each source is. */
export interface MarketHealth {
  feed: MarketFeedKind;
  /** The index's rules (MARKET_STALE_MS, MARKET_BAND_BPS, MARKET_MIN_SOURCES). */
  staleMs: number;
  bandBps: number;
  minSources: number;
  sources: SourceHealth[];
}

/**
 * The market as the rest of the server sees it. Prices come only from here (DESIGN.md section 1):
 * the embedded simulated feed today, an external exchange adapter later, behind the same shape.
 * Money values are bigint units of 1e-8 (MONEY_UNIT).
 */
export interface Market {
  /** Every configured product (pair), in display order. */
  products(): readonly Product[];
  product(symbol: string): Product | undefined;
  /** Last traded price of a symbol, in units; undefined for an unknown symbol. */
  lastPrice(symbol: string): bigint | undefined;
  /**
   * Open or suspended (a blind market): no new option orders, positions or market-maker quotes
   * while suspended; undefined for an unknown symbol.
   */
  status(symbol: string): CoinStatus | undefined;
  /** The newest tick of an option symbol, with its feed sequence number (undefined before one). */
  lastTick(symbol: string): Tick | undefined;
  /** Waits for the tick log's write of every tick up to `seq`; answers whether it holds them. */
  tickDurable(seq: number): Promise<boolean>;
  /**
   * USDT for one unit of `currency`, in units (USDT itself: MONEY_UNIT). `minute` is the close of
   * the last finished minute (stable for a whole minute), `live` the latest tick.
   */
  rateToUsdt(currency: string, at?: 'live' | 'minute'): bigint | undefined;
  rates(at: 'live' | 'minute'): ConversionRate[];
  tickers(): Ticker[];
  ticker(symbol: string): Ticker | undefined;
  /** Candles oldest first, the last one ending at or before endTime (default now). */
  candles(symbol: string, period: CandlePeriod, limit: number, endTime?: number): Promise<Candle[]>;
  /** Each price source's health and lag (the operators' view). */
  health(): MarketHealth;
  /** Starts ticking (and back-fills history on first start); stop() ends it. */
  start(): Promise<void>;
  stop(): Promise<void>;
}
