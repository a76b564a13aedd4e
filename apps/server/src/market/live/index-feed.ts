import type { SourceCoinState } from '@tidemark/contract';
import type { Coin } from '../coins';
import type { CoinStatus, SourceHealth } from '../market';
import type { PrintSink } from '../simulator';
import type { TickSourcePrice } from '../tick-log';
import { indexPrice } from './median-index';
import type { IndexRules } from './names';
import type { SourceBook } from './source-book';

/** A price in units on the coin's grid (half a tick rounds up); never below one tick. */
export function onGrid(coin: Coin, price: bigint): bigint {
  const rounded = ((price + coin.priceStep / 2n) / coin.priceStep) * coin.priceStep;
  return rounded > 0n ? rounded : coin.priceStep;
}

const NO_PRICE_YET = 'no source has sent a price yet';

/**
 * The live feed (MARKET_FEED=live): on each of the market's ticks, every coin's index from the
 * source book, the median of its fresh sources within the band. An open coin prints the index on
 * its price grid, with the sources it is the median of; a coin with fewer fresh sources than the
 * minimum is suspended and prints nothing, so the market never invents a price.
 */
export class IndexFeed {
  private now: number;
  private readonly last: bigint[];
  private readonly statuses: CoinStatus[];
  private readonly used: (readonly TickSourcePrice[] | undefined)[];
  private readonly states: Map<string, SourceCoinState>[];

  constructor(
    private readonly coins: readonly Coin[],
    private readonly book: SourceBook,
    private readonly rules: IndexRules,
    start: number,
  ) {
    this.now = start;
    this.last = coins.map((c) => c.startPrice);
    this.statuses = coins.map(() => ({ status: 'suspended', sources: 0, reason: NO_PRICE_YET }));
    this.used = coins.map(() => undefined);
    this.states = coins.map(() => new Map());
  }

  get time(): number {
    return this.now;
  }

  rebase(time: number, prices: readonly bigint[]): void {
    this.now = time;
    this.coins.forEach((coin, i) => {
      this.last[i] = prices[i] ?? this.last[i] ?? coin.startPrice;
    });
  }

  step(now: number, sink: PrintSink): void {
    if (now <= this.now) return;
    this.now = now;
    this.coins.forEach((coin, i) => {
      const result = indexPrice(this.book.quotesOf(i), now, this.rules);
      this.states[i] = result.states;
      if (result.price === null) {
        const fresh = [...result.states.values()].filter((s) => s === 'fresh').length;
        this.statuses[i] = { status: 'suspended', sources: fresh, reason: result.reason };
        this.used[i] = undefined;
        return;
      }
      this.statuses[i] = { status: 'open', sources: result.used.length, reason: null };
      this.used[i] = result.used;
      const price = onGrid(coin, result.price);
      const previous = this.last[i] ?? price;
      this.last[i] = price;
      // No traded volume of ours: a live print carries the price only.
      sink.print(coin, now, price, 0n, price >= previous);
    });
  }

  status(index: number): CoinStatus {
    return this.statuses[index] ?? { status: 'suspended', sources: 0, reason: NO_PRICE_YET };
  }

  sources(index: number): readonly TickSourcePrice[] | undefined {
    return this.used[index];
  }

  health(): SourceHealth[] {
    return this.book.sources.map((name) => {
      const link = this.book.link(name);
      return {
        name,
        connected: link.connected,
        lastUpdate: link.lastUpdate,
        error: link.error,
        coins: this.coins.map((coin, i) => {
          const quote = this.book.quotesOf(i).find((q) => q.name === name)?.quote;
          return {
            symbol: coin.symbol,
            state: this.states[i]?.get(name) ?? (quote ? 'stale' : 'missing'),
            price: quote?.price ?? null,
            time: quote?.time ?? null,
          };
        }),
      };
    });
  }
}
