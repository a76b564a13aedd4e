import { formatMoney, QUOTE_CURRENCY, type Ticker } from '@tidemark/contract';
import { MINUTE, type Bar } from './candles';
import type { Coin } from './coins';

/** Closed minutes in the 24 h window; the open minute makes up the rest of the day. */
const WINDOW = 24 * 60 - 1;

/**
 * One symbol's last 24 hours, kept from closed one-minute candles in a ring. Pushing is O(1); the
 * window's high, low and volumes are summed again only when a ticker is read after a minute closed,
 * so a back-fill of thousands of minutes costs nothing here.
 */
export class Rolling24h {
  private readonly ring: (Bar | undefined)[] = new Array<Bar | undefined>(WINDOW);
  private next = 0;
  /** The open minute the summary was made for; NaN forces a new one. */
  private summaryFor = Number.NaN;
  private summary: Bar | null = null;

  /** A closed minute, in time order. */
  push(bar: Bar): void {
    this.ring[this.next] = bar;
    this.next = (this.next + 1) % WINDOW;
    this.summaryFor = Number.NaN;
  }

  /** The window's closed part for an open minute starting at `openMinute`; null when empty. */
  closed(openMinute: number): Bar | null {
    if (openMinute === this.summaryFor) return this.summary;
    this.summaryFor = openMinute;
    const from = openMinute - WINDOW * MINUTE;
    let summary: Bar | null = null;
    // Oldest first, so the summary opens at the window's first minute.
    for (let k = 0; k < WINDOW; k++) {
      const bar = this.ring[(this.next + k) % WINDOW];
      if (!bar || bar.time < from) continue;
      if (!summary) summary = { ...bar };
      else {
        if (bar.high > summary.high) summary.high = bar.high;
        if (bar.low < summary.low) summary.low = bar.low;
        summary.close = bar.close;
        summary.volume += bar.volume;
        summary.quoteVolume += bar.quoteVolume;
      }
    }
    this.summary = summary;
    return summary;
  }
}

/** Change from open to last in percent with 2 places, rounded half away from zero: "-1.25". */
export function percentChange(open: bigint, last: bigint): string {
  if (open <= 0n) return '0.00';
  const diff = last - open;
  const abs = diff < 0n ? -diff : diff;
  const hundredths = (abs * 10_000n + open / 2n) / open;
  const text = `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
  return diff < 0n && hundredths > 0n ? `-${text}` : text;
}

const OPEN_ONE_SOURCE: Pick<Ticker, 'status' | 'sources'> = { status: 'open', sources: 1 };

/**
 * The 24 h ticker from the window's closed part and the open minute; a coin never priced (null
 * minute: a live source has not printed it yet) has no prices, never a placeholder.
 */
export function buildTicker(
  coin: Coin,
  closed: Bar | null,
  minute: Bar | null,
  time: number,
  market: Pick<Ticker, 'status' | 'sources'> = OPEN_ONE_SOURCE,
): Ticker {
  if (!minute) {
    return {
      symbol: coin.symbol,
      base: coin.spec.base,
      quote: QUOTE_CURRENCY,
      price: null,
      open24h: null,
      high24h: null,
      low24h: null,
      change24h: null,
      volume24h: formatMoney(0n),
      quoteVolume24h: formatMoney(0n),
      time,
      status: market.status,
      sources: market.sources,
    };
  }
  let open = minute.open;
  let high = minute.high;
  let low = minute.low;
  let volume = minute.volume;
  let quoteVolume = minute.quoteVolume;
  if (closed) {
    open = closed.open;
    if (closed.high > high) high = closed.high;
    if (closed.low < low) low = closed.low;
    volume += closed.volume;
    quoteVolume += closed.quoteVolume;
  }
  return {
    symbol: coin.symbol,
    base: coin.spec.base,
    quote: QUOTE_CURRENCY,
    price: formatMoney(minute.close),
    open24h: formatMoney(open),
    high24h: formatMoney(high),
    low24h: formatMoney(low),
    change24h: percentChange(open, minute.close),
    volume24h: formatMoney(volume),
    quoteVolume24h: formatMoney(quoteVolume),
    time,
    status: market.status,
    sources: market.sources,
  };
}
