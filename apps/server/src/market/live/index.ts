import type { Exchange } from 'ccxt';
import type { LiveConfig } from '../../config';
import type { Clock } from '../../lib/clock';
import type { Bar } from '../candles';
import type { Coin } from '../coins';
import {
  createExchange,
  fetchBars,
  loadCcxtPro,
  sourceCoins,
  SourceStream,
  type ExchangeFactory,
  type StreamLog,
  type Wait,
} from './adapters';
import { IndexFeed } from './index-feed';
import type { LiveSourceName } from './names';
import { SourceBook } from './source-book';

export { IndexFeed } from './index-feed';
export type { ExchangeFactory } from './adapters';

export interface LiveOptions {
  /** How each source's exchange instance is made (tests point them at nothing reachable). */
  exchanges?: ExchangeFactory;
  /** The streams' backoff wait (tests: on their clock). */
  wait?: Wait;
}

/**
 * Everything of MARKET_FEED=live: one ccxt stream per configured source writing into one book,
 * the index feed reading it on the market's tick, and the REST history of the first source.
 */
export class LiveSources {
  readonly book: SourceBook;
  readonly feed: IndexFeed;
  private streams: SourceStream[] = [];
  private readonly exchanges = new Map<LiveSourceName, Exchange>();

  constructor(
    private readonly coins: readonly Coin[],
    private readonly config: LiveConfig,
    private readonly clock: Clock,
    private readonly log: StreamLog,
    start: number,
    private readonly options: LiveOptions = {},
  ) {
    this.book = new SourceBook(config.sources, coins.length);
    this.feed = new IndexFeed(coins, this.book, config, start);
  }

  /** The source whose REST candles back-fill the history: the first configured. */
  get historySource(): LiveSourceName {
    return this.config.sources[0]!;
  }

  /** Makes each source's exchange (loading ccxt) and starts its stream. */
  async start(): Promise<void> {
    if (this.streams.length) return;
    const { coins, options } = this;
    let make = options.exchanges;
    if (!make) {
      const pro = await loadCcxtPro();
      make = (name) => createExchange(pro, name, coins);
    }
    this.streams = this.config.sources.map((name) => {
      const exchange = make(name);
      this.exchanges.set(name, exchange);
      return new SourceStream(
        name,
        exchange,
        sourceCoins(name, coins),
        this.book,
        this.clock,
        this.log,
        ...(options.wait ? [options.wait] : []),
      );
    });
    for (const stream of this.streams) stream.start();
  }

  /** Stops every stream; a later start (scale-out: the feed taken over again) opens them anew. */
  async stop(): Promise<void> {
    const streams = this.streams;
    this.streams = [];
    await Promise.all(streams.map((s) => s.stop()));
  }

  /**
   * A coin's real candles over [from, to) from the history source: `timeframe` 1m or 1d. Throws
   * when the source cannot be reached; answers [] for a coin it does not list.
   */
  async history(
    coin: Coin,
    timeframe: '1m' | '1d',
    range: { from: number; to: number },
  ): Promise<Bar[]> {
    const name = this.historySource;
    const listed = sourceCoins(name, this.coins).find((c) => c.coin.index === coin.index);
    const exchange = this.exchanges.get(name);
    if (!listed || !exchange || range.from >= range.to) return [];
    return fetchBars(exchange, listed.symbol, coin, timeframe, range);
  }
}
