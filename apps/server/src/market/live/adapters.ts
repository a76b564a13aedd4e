import { setTimeout as sleep } from 'node:timers/promises';
import type { Exchange, OHLCV, pro as ccxtPro, Ticker } from 'ccxt';
import { mulMoney } from '@tidemark/contract';
import type { Clock } from '../../lib/clock';
import type { Bar } from '../candles';
import type { Coin } from '../coins';
import type { LiveSourceName } from './names';
import type { SourceBook } from './source-book';

/**
 * The exchange adapters of the live feed, each a ccxt exchange instance: its websocket ticker
 * stream for the latest prices, its REST candles for the history. Public market data only.
 */

interface SourceSpec {
  /** The ccxt exchange (its "pro" class streams over websockets). */
  ccxtId: 'binance' | 'okx' | 'coinbaseexchange';
  /** The quote currency the source is read in: USDT, or USD where the venue trades USD (Coinbase). */
  quote: 'USDT' | 'USD';
  /** The venue's id of a market. */
  marketId(base: string, quote: string): string;
  /** Coins the venue does not list. */
  lacks: readonly string[];
}

export const SOURCE_SPECS: Record<LiveSourceName, SourceSpec> = {
  binance: { ccxtId: 'binance', quote: 'USDT', marketId: (b, q) => `${b}${q}`, lacks: [] },
  okx: { ccxtId: 'okx', quote: 'USDT', marketId: (b, q) => `${b}-${q}`, lacks: [] },
  coinbase: {
    ccxtId: 'coinbaseexchange',
    quote: 'USD',
    marketId: (b, q) => `${b}-${q}`,
    lacks: ['BNB', 'TRX'],
  },
};

/** How the feed makes a source's exchange instance (tests point it elsewhere). */
export type ExchangeFactory = (name: LiveSourceName) => Exchange;

/** One coin as a source reads it: the venue's symbol ("BTC/USD" on Coinbase) for our coin. */
export interface SourceCoin {
  coin: Coin;
  symbol: string;
}

/** The coins a source lists, with the symbol it knows each by. */
export function sourceCoins(name: LiveSourceName, coins: readonly Coin[]): SourceCoin[] {
  const spec = SOURCE_SPECS[name];
  return coins
    .filter((coin) => !spec.lacks.includes(coin.spec.base))
    .map((coin) => ({ coin, symbol: `${coin.spec.base}/${spec.quote}` }));
}

/** ccxt's websocket ("pro") exchange classes. */
export type CcxtPro = typeof ccxtPro;

/**
 * ccxt's exchange classes, loaded only when a live feed starts: the library is large (about a
 * second and 50 MB to load), and the simulator never needs it.
 */
export async function loadCcxtPro(): Promise<CcxtPro> {
  return (await import('ccxt')).pro;
}

/**
 * A ccxt exchange instance for `name` with our coins' spot markets set up front, so neither the
 * stream nor the history needs the venue's full market list (a large REST download) first.
 */
export function createExchange(
  pro: CcxtPro,
  name: LiveSourceName,
  coins: readonly Coin[],
): Exchange {
  const spec = SOURCE_SPECS[name];
  const exchange = new pro[spec.ccxtId]({ enableRateLimit: true, timeout: 10_000 }) as Exchange;
  setSpotMarkets(exchange, name, coins);
  return exchange;
}

export function setSpotMarkets(exchange: Exchange, name: LiveSourceName, coins: readonly Coin[]) {
  const spec = SOURCE_SPECS[name];
  exchange.setMarkets(
    sourceCoins(name, coins).map(({ coin }) => {
      const base = coin.spec.base;
      const id = spec.marketId(base, spec.quote);
      return exchange.safeMarketStructure({
        id,
        lowercaseId: id.toLowerCase(),
        symbol: `${base}/${spec.quote}`,
        base,
        quote: spec.quote,
        baseId: base,
        quoteId: spec.quote,
        type: 'spot',
        spot: true,
        active: true,
      });
    }),
  );
}

/** A decimal number of the library as units of 1e-8 (0n for nothing usable). */
export function toUnits(value: number | undefined): bigint {
  if (value === undefined || !Number.isFinite(value) || value <= 0) return 0n;
  return BigInt(Math.round(value * 1e8));
}

export interface StreamLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface Backoff {
  /** The first wait after an error (ms); doubled after each further error, up to `max`. */
  first: number;
  max: number;
}

export const DEFAULT_BACKOFF: Backoff = { first: 1_000, max: 30_000 };

/** Waits `ms`, or until `signal` aborts (then rejects); never keeps the process alive. */
export type Wait = (ms: number, signal: AbortSignal) => Promise<void>;

const realWait: Wait = (ms, signal) => sleep(ms, undefined, { signal, ref: false });

/**
 * One source's price stream: watches the tickers of its coins and writes each update into the
 * book with the source's time. ccxt reconnects a dropped socket on the next watch; after an error
 * this loop waits (backoff, doubling up to a maximum) and watches again, so a source that comes
 * back is read again without anyone's help.
 */
export class SourceStream {
  private readonly controller = new AbortController();
  private running: Promise<void> | undefined;
  private readonly bySymbol: Map<string, Coin>;
  /** Errors in a row: only the first of a run is logged as a warning. */
  private failures = 0;

  constructor(
    readonly name: LiveSourceName,
    private readonly exchange: Exchange,
    private readonly coins: readonly SourceCoin[],
    private readonly book: SourceBook,
    private readonly clock: Clock,
    private readonly log: StreamLog,
    private readonly wait: Wait = realWait,
    private readonly backoff: Backoff = DEFAULT_BACKOFF,
  ) {
    this.bySymbol = new Map(coins.map((c) => [c.symbol, c.coin]));
  }

  start(): void {
    this.running ??= this.loop();
  }

  async stop(): Promise<void> {
    this.controller.abort();
    try {
      await this.exchange.close();
    } catch {
      // Closing a socket that never opened: nothing to do.
    }
    await this.running;
  }

  private get stopped(): boolean {
    return this.controller.signal.aborted;
  }

  private async loop(): Promise<void> {
    const symbols = this.coins.map((c) => c.symbol);
    let delay = this.backoff.first;
    while (!this.stopped) {
      try {
        const tickers = await this.exchange.watchTickers(symbols);
        if (this.stopped) break;
        if (this.failures > 0)
          this.log.info(
            { source: this.name, failures: this.failures },
            'market source streams again',
          );
        this.failures = 0;
        delay = this.backoff.first;
        this.book.connected(this.name);
        for (const ticker of Object.values(tickers)) this.take(ticker);
      } catch (error) {
        if (this.stopped) break;
        const message = error instanceof Error ? error.message : String(error);
        this.book.disconnected(this.name, message.slice(0, 300));
        if (this.failures++ === 0)
          this.log.warn(
            { source: this.name, err: message.slice(0, 300), retryMs: delay },
            'market source stream failed; retrying with backoff',
          );
        try {
          await this.wait(delay, this.controller.signal);
        } catch {
          break;
        }
        delay = Math.min(delay * 2, this.backoff.max);
      }
    }
  }

  /** One ticker update into the book (its last trade price, at the source's time). */
  private take(ticker: Ticker): void {
    const coin = ticker.symbol ? this.bySymbol.get(ticker.symbol) : undefined;
    if (!coin) return;
    const price = toUnits(ticker.last ?? ticker.close);
    if (price <= 0n) return;
    const now = this.clock.now();
    this.book.update(this.name, coin.index, price, ticker.timestamp ?? now, now);
  }
}

/** Rows per candle request: the smallest page the three venues all allow. */
const PAGE = 300;

/**
 * Candles of `timeframe` over [from, to) from a source's REST API, oldest first, as bars on the
 * coin's grid; pages through the range. Throws on any error (no internet): the caller decides.
 */
export async function fetchBars(
  exchange: Exchange,
  symbol: string,
  coin: Coin,
  timeframe: '1m' | '1d',
  range: { from: number; to: number },
): Promise<Bar[]> {
  const span = timeframe === '1m' ? 60_000 : 86_400_000;
  const bars: Bar[] = [];
  let since = range.from;
  while (since < range.to) {
    const rows: OHLCV[] = await exchange.fetchOHLCV(symbol, timeframe, since, PAGE);
    let last = -1;
    for (const row of rows) {
      const bar = toBar(coin, row);
      if (!bar || bar.time < since || bar.time >= range.to) continue;
      if (bars.length && bar.time <= bars[bars.length - 1]!.time) continue;
      bars.push(bar);
      last = bar.time;
    }
    if (last < 0) break;
    since = last + span;
  }
  return bars;
}

/** A venue's candle as a bar on the coin's grid; undefined when incomplete. */
export function toBar(coin: Coin, row: OHLCV): Bar | undefined {
  const [time, open, high, low, close, volume] = row;
  if (typeof time !== 'number') return undefined;
  const grid = (v: number | undefined) => {
    const units = toUnits(v);
    if (units <= 0n) return 0n;
    const rounded = ((units + coin.priceStep / 2n) / coin.priceStep) * coin.priceStep;
    return rounded > 0n ? rounded : coin.priceStep;
  };
  const o = grid(open);
  const h = grid(high);
  const l = grid(low);
  const c = grid(close);
  if (o === 0n || h === 0n || l === 0n || c === 0n) return undefined;
  const vol = toUnits(volume);
  const lots = (vol / coin.quantityStep) * coin.quantityStep;
  const typical = (o + h + l + c) / 4n;
  return {
    time,
    open: o,
    high: h >= o && h >= c ? h : o > c ? o : c,
    low: l <= o && l <= c ? l : o < c ? o : c,
    close: c,
    volume: lots,
    quoteVolume: mulMoney(lots, typical, 'down'),
  };
}
