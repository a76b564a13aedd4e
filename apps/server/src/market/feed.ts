import {
  CANDLE_PERIODS,
  channels,
  formatMoney,
  MONEY_UNIT,
  mulMoney,
  QUOTE_CURRENCY,
  type Candle,
  type CandlePeriod,
  type ConversionRate,
  type Product,
  type Ticker,
} from '@tidemark/contract';
import type { MarketConfig } from '../config';
import { inTransaction, type DatabaseHandle } from '../db/database';
import type { Clock } from '../lib/clock';
import type { Bus } from '../realtime/bus';
import {
  bucketStart,
  CandleChain,
  DAY,
  flatBar,
  MINUTE,
  toCandle,
  type Bar,
  type ClosedSink,
} from './candles';
import { prepareCoins, type Coin } from './coins';
import { dailyHistoryStart, fillGap, historyBack, minuteHistoryStart } from './history';
import { LiveSources, type LiveOptions } from './live';
import { DEFAULT_INDEX_RULES, LIVE_SOURCES } from './live/names';
import type { CoinStatus, Market, MarketHealth, SourceHealth } from './market';
import * as repo from './market.repository';
import { readFeedScript, ScriptedFeed } from './scripted';
import { FeedSimulator, type PrintSink } from './simulator';
import { TickLog, type Tick, type TickSourcePrice } from './tick-log';
import { buildTicker, Rolling24h } from './tickers';

export interface MarketLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface MarketDeps {
  database: DatabaseHandle;
  clock: Clock;
  /** The feed only publishes. */
  bus: Pick<Bus, 'publish'>;
  config: MarketConfig;
  log: MarketLog;
  /** MARKET_FEED=live only: how the sources' exchanges are made and waited on (tests). */
  live?: LiveOptions;
}

/**
 * The live price source: the seeded simulator or, chosen at start, a scripted feed for tests or
 * the exchanges' median index (MARKET_FEED=live). A coin whose status is suspended gets no prints.
 */
export interface LiveFeed {
  readonly time: number;
  rebase(time: number, prices: readonly bigint[]): void;
  step(now: number, sink: PrintSink): void;
  /** Coin `index`'s market now; a feed without it (the simulator) is one source, always open. */
  status?(index: number): CoinStatus;
  /** The sources of coin `index`'s last print (live feed only), stored with its tick. */
  sources?(index: number): readonly TickSourcePrice[] | undefined;
  /** Each source's health (live feed only); without it the feed is one source, always connected. */
  health?(): SourceHealth[];
}

/** The simulator's every coin: one source, always fresh. */
const SIMULATED: CoinStatus = { status: 'open', sources: 1, reason: null };

/**
 * A step longer than this (a suspended process, a clock moved forward) is filled with generated
 * candles as after a restart, rather than stepped at once into one huge, jumpy minute.
 */
const MAX_STEP_MS = MINUTE;
/** Websocket frames go out at most this often. */
const PUBLISH_MS = 250;

/**
 * Frame data built only when serialised. The in-process hub serialises a frame only when the
 * channel has a subscriber, so with nobody watching a symbol its candles and book are never built;
 * a bus to other processes serialises at publish time, when someone elsewhere may be watching.
 */
class LazyFrame {
  constructor(private readonly build: () => unknown) {}
  toJSON(): unknown {
    return this.build();
  }
}

interface CoinState {
  readonly coin: Coin;
  readonly chain: CandleChain;
  readonly window: Rolling24h;
  /** The open minute, updated in place by every print. */
  minute: Bar;
  /** Close of the last finished minute (the `minute` conversion rates). */
  minuteClose: bigint;
  /**
   * The coin has a real price: always for the simulator; live, once history was stored or a
   * source printed. Until then its placeholder minutes are not stored (no invented candles).
   */
  real: boolean;
  changed: boolean;
  readonly candleChannels: readonly string[];
  readonly candleFrames: readonly LazyFrame[];
}

/**
 * The embedded market (DESIGN.md section 3): a seeded simulator ticking every `tickMs`, candles of
 * every period built from its prints and stored when they close, 24 h tickers and conversion rates.
 * (Order books and trades are the spot engine's: its market maker quotes around these prices.)
 */
export class SimulatedMarket implements Market, PrintSink {
  private readonly coins: Coin[];
  private readonly states: CoinState[];
  private readonly bySymbol: Map<string, CoinState>;
  private readonly simulator: LiveFeed;
  /** MARKET_FEED=live: the exchange streams, their book and the index feed. */
  private readonly live: LiveSources | undefined;
  /** Every tick of the option symbols, with its sequence number (the options' strikes and settlements). */
  private readonly tickLog: TickLog;
  private readonly optionStates: CoinState[];
  private readonly publishEvery: number;
  private readonly tickersFrame = new LazyFrame(() => this.tickers());
  private tickerCache: Ticker[] | null = null;
  private ticks = 0;
  private timer: NodeJS.Timeout | undefined;
  /** Closed candles waiting for the next write. */
  private pending = new repo.CandleBatch();
  /** The write chain: reads of stored candles wait for it, so a just-closed candle is never missed. */
  private writes: Promise<void> = Promise.resolve();

  constructor(private readonly deps: MarketDeps) {
    this.coins = prepareCoins();
    const now = deps.clock.now();
    this.states = this.coins.map((coin) => this.newState(coin, bucketStart('1min', now)));
    this.bySymbol = new Map(this.states.map((s) => [s.coin.symbol, s]));
    const feed = deps.config.feed ?? { kind: 'simulator' };
    const startPrices = this.coins.map((c) => c.startPrice);
    this.live =
      feed.kind === 'live'
        ? new LiveSources(
            this.coins,
            deps.config.live ?? { sources: [...LIVE_SOURCES], ...DEFAULT_INDEX_RULES },
            deps.clock,
            deps.log,
            now,
            deps.live,
          )
        : undefined;
    for (const state of this.states) state.real = !this.live;
    this.simulator = this.live
      ? this.live.feed
      : feed.kind === 'scripted'
        ? new ScriptedFeed(this.coins, readFeedScript(feed.script), now, startPrices)
        : new FeedSimulator(
            this.coins,
            deps.config.seed,
            now,
            startPrices,
            deps.config.seededLive ? 'seeded' : 'unpredictable',
          );
    this.tickLog = new TickLog(deps.database, deps.log);
    this.optionStates = this.states.filter((s) => s.coin.product.options);
    this.publishEvery = Math.max(1, Math.round(PUBLISH_MS / deps.config.tickMs));
  }

  products(): readonly Product[] {
    return this.coins.map((c) => c.product);
  }

  product(symbol: string): Product | undefined {
    return this.bySymbol.get(symbol)?.coin.product;
  }

  status(symbol: string): CoinStatus | undefined {
    const state = this.bySymbol.get(symbol);
    return state && this.coinStatus(state.coin.index);
  }

  private coinStatus(index: number): CoinStatus {
    return this.simulator.status?.(index) ?? SIMULATED;
  }

  health(): MarketHealth {
    const { feed, live } = this.deps.config;
    const rules = live ?? DEFAULT_INDEX_RULES;
    const kind = feed?.kind ?? 'simulator';
    const time = this.simulator.time;
    const sources = this.simulator.health?.() ?? [
      {
        // The simulator (or the script) is its own one source: fresh unless a script blinds a coin.
        name: kind,
        connected: true,
        lastUpdate: time,
        error: null,
        coins: this.states.map((s) => ({
          symbol: s.coin.symbol,
          state: this.coinStatus(s.coin.index).status === 'open' ? 'fresh' : 'stale',
          price: s.real ? s.minute.close : null,
          time: s.real ? time : null,
        })),
      },
    ];
    return {
      feed: kind,
      staleMs: rules.staleMs,
      bandBps: rules.bandBps,
      minSources: rules.minSources,
      sources,
    };
  }

  lastTick(symbol: string): Tick | undefined {
    return this.tickLog.last(symbol);
  }

  tickDurable(seq: number): Promise<boolean> {
    return this.tickLog.durable(seq);
  }

  lastPrice(symbol: string): bigint | undefined {
    const state = this.bySymbol.get(symbol);
    return state?.real ? state.minute.close : undefined;
  }

  rateToUsdt(currency: string, at: 'live' | 'minute' = 'live'): bigint | undefined {
    if (currency === QUOTE_CURRENCY) return MONEY_UNIT;
    const state = this.bySymbol.get(`${currency}/${QUOTE_CURRENCY}`);
    if (!state?.real) return undefined;
    return at === 'live' ? state.minute.close : state.minuteClose;
  }

  rates(at: 'live' | 'minute'): ConversionRate[] {
    const first = this.states[0];
    // A finished minute's close is valid from the end of that minute: the open minute's start.
    const time = at === 'live' ? this.simulator.time : (first?.minute.time ?? this.simulator.time);
    return [
      { currency: QUOTE_CURRENCY, rate: formatMoney(MONEY_UNIT), time },
      // A coin never priced (live, before its sources' first print) has no rate.
      ...this.states
        .filter((s) => s.real)
        .map((s) => ({
          currency: s.coin.spec.base,
          rate: formatMoney(at === 'live' ? s.minute.close : s.minuteClose),
          time,
        })),
    ];
  }

  tickers(): Ticker[] {
    this.tickerCache ??= this.states.map((s) =>
      buildTicker(
        s.coin,
        s.window.closed(s.minute.time),
        s.real ? s.minute : null,
        this.simulator.time,
        this.coinStatus(s.coin.index),
      ),
    );
    return this.tickerCache;
  }

  ticker(symbol: string): Ticker | undefined {
    const state = this.bySymbol.get(symbol);
    return state && this.tickers()[state.coin.index];
  }

  async candles(
    symbol: string,
    period: CandlePeriod,
    limit: number,
    endTime?: number,
  ): Promise<Candle[]> {
    const state = this.bySymbol.get(symbol);
    if (!state || limit < 1) return [];
    await this.writes;
    const end = endTime ?? this.deps.clock.now();
    const liveStart = bucketStart(period, state.minute.time);
    // The open candle's prices run up to the last tick; it counts only for an end at or after it.
    const withLive = end >= this.simulator.time;
    // Taken before the read: a minute that closes during it stays in this candle, not the rows.
    const live = withLive ? toCandle(state.chain.live(period, state.minute)) : null;
    const before = withLive ? liveStart : Math.min(bucketStart(period, end), liveStart);
    const rows = await repo.candlesBefore(
      this.deps.database.db,
      symbol,
      period,
      before,
      withLive ? limit - 1 : limit,
    );
    const candles = rows.reverse().map((row) => toCandle(repo.rowBar(row)));
    if (live) candles.push(live);
    return candles;
  }

  /**
   * Back-fills the history on first start, or fills the time since the last run from the last
   * stored close (no jump in price), stores it in one transaction, then ticks.
   */
  async start(): Promise<void> {
    if (this.timer) return;
    const began = performance.now();
    const now = this.deps.clock.now();
    const rows = new repo.CandleBatch();
    let backfilled = 0;
    // Live: the streams start first, so prices arrive while the history loads.
    await this.live?.start();
    const history = { reachable: true };
    for (const state of this.states) {
      if (await this.prepareCoin(state, now, rows, history)) backfilled++;
    }
    const { db, dialect } = this.deps.database;
    await inTransaction(db, (trx) => repo.insertCandles(trx, dialect, rows));
    await this.tickLog.start();
    // From the open minute's start: the first tick makes up the part of it already gone, so
    // the minute has its full share of prints and volume.
    this.simulator.rebase(
      bucketStart('1min', now),
      this.states.map((s) => s.minute.close),
    );
    this.tick();
    this.deps.log.info(
      { rows: rows.size, backfilled, ms: Math.round(performance.now() - began) },
      backfilled ? 'market history back-filled' : 'market history caught up',
    );
    const feed = this.deps.config.feed;
    if (feed?.kind === 'scripted') {
      // Anyone who reads the script knows every future price: never a deployment with real money.
      this.deps.log.warn(
        { feed: 'scripted', script: feed.script },
        'MARKET_FEED=scripted: prices follow a script file and every option outcome is known in advance; for tests only, never in production',
      );
    }
    this.timer = setInterval(() => this.tick(), this.deps.config.tickMs);
    // The feed never keeps the process alive on its own; stop() clears it on close.
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.live?.stop();
    // The open minute is not stored: the next start fills it again from the last closed one.
    this.flush();
    await this.writes;
    await this.tickLog.stop();
  }

  /** Advances the feed to the clock, stores what closed, and publishes at most every 250 ms. */
  tick(): void {
    const now = this.deps.clock.now();
    if (now - this.simulator.time > MAX_STEP_MS) this.catchUp(now);
    const before = this.simulator.time;
    this.simulator.step(now, this);
    if (this.simulator.time > before) {
      // One tick per open option symbol and step: the step's last print (a blind coin has none).
      for (const state of this.optionStates) {
        const index = state.coin.index;
        if (this.coinStatus(index).status !== 'open') continue;
        this.tickLog.record(
          state.coin.symbol,
          this.simulator.time,
          state.minute.close,
          this.simulator.sources?.(index),
        );
      }
      this.tickLog.flush();
    }
    this.tickerCache = null;
    this.flush();
    if (++this.ticks % this.publishEvery === 0) this.publish();
  }

  /** One print of the simulator (PrintSink). */
  print(coin: Coin, time: number, price: bigint, quantity: bigint, _buy: boolean): void {
    const state = this.states[coin.index]!;
    if (!state.real) {
      // The first real price of a coin without history: its minute starts from it, not from
      // the placeholder.
      state.real = true;
      state.minute = flatBar(state.minute.time, price);
      state.minuteClose = price;
    }
    while (time >= state.minute.time + MINUTE) this.nextMinute(state);
    const minute = state.minute;
    if (price > minute.high) minute.high = price;
    if (price < minute.low) minute.low = price;
    minute.close = price;
    minute.volume += quantity;
    minute.quoteVolume += mulMoney(quantity, price, 'down');
    state.changed = true;
  }

  private newState(coin: Coin, minuteStart: number): CoinState {
    const candleChannels = CANDLE_PERIODS.map((p) => channels.candle(coin.symbol, p));
    const state: CoinState = {
      coin,
      chain: new CandleChain(),
      window: new Rolling24h(),
      minute: flatBar(minuteStart, coin.startPrice),
      minuteClose: coin.startPrice,
      real: true,
      changed: false,
      candleChannels,
      candleFrames: CANDLE_PERIODS.map(
        (period) => new LazyFrame(() => toCandle(state.chain.live(period, state.minute))),
      ),
    };
    return state;
  }

  /** Closed candles of a coin go to the next write. */
  private sinkOf(symbol: string, rows: repo.CandleBatch): ClosedSink {
    return (period, bar) => rows.add(symbol, period, bar);
  }

  /**
   * Brings one coin's candles up to the open minute: the whole history on first start (answers
   * true); else it replays the stored candles that make up the open day, week and month and the
   * last 24 h, then fills the time since the last stored minute from its close.
   */
  private async prepareCoin(
    state: CoinState,
    now: number,
    rows: repo.CandleBatch,
    history: { reachable: boolean },
  ): Promise<boolean> {
    const { coin, chain } = state;
    const { seed, historyDays } = this.deps.config;
    const db = this.deps.database.db;
    const sink = this.sinkOf(coin.symbol, rows);
    const last = await repo.latestCandle(db, coin.symbol, '1min');
    if (!last && this.live) return this.backfillLive(state, now, sink, history);
    if (!last) {
      // Generated backwards from the configured price at the open minute, so the history ends
      // exactly there: today's price is the configured level, not wherever a walk drifted to.
      const from = minuteHistoryStart(now, historyDays);
      const openMinute = Math.max(bucketStart('1min', now), from);
      const minutes = historyBack('minute', coin, seed, { from, to: openMinute }, coin.startPrice);
      const firstOpen = minutes[0]?.open ?? coin.startPrice;
      for (const day of historyBack(
        'day',
        coin,
        seed,
        { from: dailyHistoryStart(from), to: from },
        firstOpen,
      ))
        chain.addDay(day, sink);
      for (const minute of minutes) {
        chain.addMinute(minute, sink);
        state.window.push(minute);
      }
      state.minute = flatBar(openMinute, coin.startPrice);
      state.minuteClose = coin.startPrice;
      return true;
    }
    const from = Number(last.time) + MINUTE;
    const day = bucketStart('1day', from);
    const longer = Math.min(bucketStart('1week', from), bucketStart('1mon', from));
    for (const row of await repo.candlesBetween(db, coin.symbol, '1day', longer, day))
      chain.addDay(repo.rowBar(row));
    for (const row of await repo.candlesBetween(db, coin.symbol, '1min', day, from))
      chain.addMinute(repo.rowBar(row));
    for (const row of await repo.candlesBetween(db, coin.symbol, '1min', from - DAY, from))
      state.window.push(repo.rowBar(row));
    const openMinute = Math.max(bucketStart('1min', now), from);
    // Live: the time the server was down stays a gap (never generated prices).
    const close = this.live ? last.close : this.fill(state, from, openMinute, last.close, sink);
    // Stored candles are real prices (live: the REST history or earlier prints).
    state.real = true;
    state.minute = flatBar(openMinute, close);
    state.minuteClose = close;
    return false;
  }

  /**
   * Live, first start: the history source's real candles (days before the minute history, then
   * minutes up to the open minute). Unreachable (no internet), it warns once and the coin starts
   * without history; the other coins do not try again. Answers whether history was stored.
   */
  private async backfillLive(
    state: CoinState,
    now: number,
    sink: ClosedSink,
    history: { reachable: boolean },
  ): Promise<boolean> {
    const live = this.live!;
    const { coin, chain } = state;
    const from = minuteHistoryStart(now, this.deps.config.historyDays);
    const openMinute = Math.max(bucketStart('1min', now), from);
    let days: Bar[] = [];
    let minutes: Bar[] = [];
    if (history.reachable) {
      try {
        days = await live.history(coin, '1d', { from: dailyHistoryStart(from), to: from });
        minutes = await live.history(coin, '1m', { from, to: openMinute });
      } catch (error) {
        history.reachable = false;
        days = [];
        minutes = [];
        this.deps.log.warn(
          {
            source: live.historySource,
            err: error instanceof Error ? error.message : String(error),
          },
          'market history back-fill failed (source unreachable): starting without history; charts fill from live prices',
        );
      }
    }
    for (const day of days) chain.addDay(day, sink);
    for (const minute of minutes) {
      chain.addMinute(minute, sink);
      state.window.push(minute);
    }
    const lastBar = minutes[minutes.length - 1] ?? days[days.length - 1];
    state.real = lastBar !== undefined;
    const close = lastBar?.close ?? coin.startPrice;
    state.minute = flatBar(openMinute, close);
    state.minuteClose = close;
    return state.real;
  }

  /** Closes the open minute and opens the next at its close. */
  private nextMinute(state: CoinState): void {
    const closed = state.minute;
    if (!state.real) {
      // Live, no real price yet: the placeholder minute is not a candle.
      state.minute = flatBar(closed.time + MINUTE, closed.close);
      return;
    }
    state.chain.addMinute(closed, this.sinkOf(state.coin.symbol, this.pending));
    state.window.push(closed);
    state.minuteClose = closed.close;
    state.minute = flatBar(closed.time + MINUTE, closed.close);
  }

  /** After a long pause: closes the open minute and fills the missed time like a restart does. */
  private catchUp(now: number): void {
    const openMinute = bucketStart('1min', now);
    for (const state of this.states) {
      if (state.minute.time >= openMinute) continue;
      const from = state.minute.time + MINUTE;
      this.nextMinute(state);
      const sink = this.sinkOf(state.coin.symbol, this.pending);
      // Live: the missed time stays a gap (never generated prices).
      const close = this.live
        ? state.minute.open
        : this.fill(state, from, openMinute, state.minute.open, sink);
      state.minute = flatBar(openMinute, close);
      state.minuteClose = close;
    }
    this.simulator.rebase(
      openMinute,
      this.states.map((s) => s.minute.close),
    );
  }

  /** Generated candles for [from, to) into the chain, the 24 h window and `sink`; the last close. */
  private fill(state: CoinState, from: number, to: number, open: bigint, sink: ClosedSink): bigint {
    const { seed, historyDays } = this.deps.config;
    return fillGap(state.coin, seed, { from, to, historyDays }, open, {
      minute: (bar) => {
        state.chain.addMinute(bar, sink);
        state.window.push(bar);
      },
      day: (bar) => state.chain.addDay(bar, sink),
    });
  }

  private flush(): void {
    if (this.pending.size === 0) return;
    const rows = this.pending.take();
    const { db, dialect } = this.deps.database;
    this.writes = this.writes
      .then(() => inTransaction(db, (trx) => repo.insertCandles(trx, dialect, rows)))
      .catch((error: unknown) => {
        // Lost candles are a gap in the charts, not a reason to stop the prices.
        this.deps.log.error({ err: error, rows: rows.size }, 'storing candles failed');
      });
  }

  private publish(): void {
    const { bus } = this.deps;
    bus.publish(channels.tickers, this.tickersFrame);
    for (const state of this.states) {
      if (!state.changed) continue;
      state.changed = false;
      for (let p = 0; p < CANDLE_PERIODS.length; p++)
        bus.publish(state.candleChannels[p]!, state.candleFrames[p]);
    }
  }
}
