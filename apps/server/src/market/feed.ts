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
import type { Lease } from '../cluster/lease';
import { StaleLeaseError } from '../cluster/lease';
import type { MarketConfig } from '../config';
import { inTransaction, type DatabaseHandle, type Trx } from '../db/database';
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
import { sourcesJson, sourcesOfJson, TickLog, type Tick, type TickSourcePrice } from './tick-log';
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
  /**
   * Scale-out only: the feed is a leased role. Without it (embedded) this process is the feed,
   * always, and pays nothing for the role.
   */
  role?: FeedRole;
}

/**
 * The feed as a role of the cluster: the process holding `lease` runs the price sources, writes
 * ticks (fenced by the lease) and candles, publishes the websocket frames and announces every
 * step on `bus`; every other process applies those steps to its own prices, writing nothing.
 */
export interface FeedRole {
  lease: Lease;
  bus: Pick<Bus, 'announce' | 'onAnnouncement'>;
}

/** A minute of a step: [time, open, high, low, close, volume, quoteVolume], money as decimal units. */
type StepBar = [number, string, string, string, string, string, string];

function stepBar(bar: Bar): StepBar {
  return [
    bar.time,
    String(bar.open),
    String(bar.high),
    String(bar.low),
    String(bar.close),
    String(bar.volume),
    String(bar.quoteVolume),
  ];
}

function barOfStep([time, open, high, low, close, volume, quoteVolume]: StepBar): Bar {
  return {
    time,
    open: BigInt(open),
    high: BigInt(high),
    low: BigInt(low),
    close: BigInt(close),
    volume: BigInt(volume),
    quoteVolume: BigInt(quoteVolume),
  };
}

/** The announcement topic of the feed owner's steps. */
export const FEED_STEP_TOPIC = 'market.step';

/**
 * One step of the feed as the other processes apply it. Absolute, not a difference: a process
 * that misses steps (announcements are at most once) is right again with the next one; the
 * ticks it missed are in the tick log, which is what options and leverage read ticks back from.
 * Sent only after the step's ticks are in the log, in step order.
 */
export interface FeedStep {
  /** The owner's fencing token: a step of an older holding is ignored. */
  token: string;
  /** The feed's time after the step (ms). */
  time: number;
  /** Per coin in the market's order: the open minute; null before a real price. */
  bars: (StepBar | null)[];
  /** Per coin: the minute this step closed, as it closed (its last prints were in this step). */
  closed?: (StepBar | null)[];
  /** The step's logged ticks: [seq, symbol, time, price, sources JSON or null]. */
  ticks: [number, string, number, string, string | null][];
  /** Per coin, when the feed has a status (live, scripted): blind or open, and why. */
  statuses?: CoinStatus[];
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
  /** Scale-out: the minute the current step closed (announced with the step). */
  closed: Bar | null;
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
  /** Scale-out: the feed's role, and whether this process plays it now (embedded: always). */
  private readonly role: FeedRole | undefined;
  private owning: boolean;
  /** A takeover under way (the tick log's sequence re-read, the sources started). */
  private switching: Promise<void> | null = null;
  /** The feed's time: the last step here, or the last step applied from the owner. */
  private stepTime: number;
  /** Not the owner: the newest owner's token seen, and its coins' statuses. */
  private stepToken = 0n;
  private applied: CoinStatus[] | undefined;
  /** Not the owner: the candles the last applied minute closed, stored on a takeover. */
  private standby = new repo.CandleBatch();
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
    this.role = deps.role;
    this.owning = !this.role;
    const lease = this.role?.lease;
    this.tickLog = new TickLog(deps.database, deps.log, lease && ((trx) => lease.fence(trx)));
    this.optionStates = this.states.filter((s) => s.coin.product.options);
    this.publishEvery = Math.max(1, Math.round(PUBLISH_MS / deps.config.tickMs));
    this.stepTime = this.simulator.time;
    this.role?.bus.onAnnouncement(FEED_STEP_TOPIC, (message) => this.apply(message as FeedStep));
  }

  /** Whether this process runs the feed now (embedded: always). */
  ownsFeed(): boolean {
    return this.owning;
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
    if (!this.owning) return this.applied?.[index] ?? SIMULATED;
    return this.simulator.status?.(index) ?? SIMULATED;
  }

  health(): MarketHealth {
    const { feed, live } = this.deps.config;
    const rules = live ?? DEFAULT_INDEX_RULES;
    const kind = feed?.kind ?? 'simulator';
    const time = this.stepTime;
    // Another process runs the sources (scale-out): this one knows the coins' states it applied.
    const own = this.owning ? this.simulator.health?.() : undefined;
    const sources = own ?? [
      {
        // The simulator (or the script) is its own one source: fresh unless a script blinds a coin.
        name: this.owning ? kind : `${kind} (another process)`,
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
    const time = at === 'live' ? this.stepTime : (first?.minute.time ?? this.stepTime);
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
        this.stepTime,
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
    const withLive = end >= this.stepTime;
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
    // Scale-out: the lease is known before the market starts; a standby runs no sources.
    if (this.role) this.owning = this.role.lease.held();
    // Live: the streams start first, so prices arrive while the history loads.
    if (this.owning) await this.live?.start();
    const history = { reachable: true };
    for (const state of this.states) {
      if (await this.prepareCoin(state, now, rows, history)) backfilled++;
    }
    const { db } = this.deps.database;
    // Only the feed's owner stores candles; a standby keeps what it generated in memory.
    if (this.owning) {
      try {
        await inTransaction(db, (trx) => this.storeCandles(trx, rows));
      } catch (error) {
        if (!(error instanceof StaleLeaseError)) throw error;
        // The back-fill outlasted the lease (a first start blocks the event loop for seconds):
        // a standby for now, and the history goes with the next takeover, this process's own
        // once its renewal comes through (it failed a start of three processes before).
        this.owning = false;
        this.standby = rows;
        this.deps.log.warn({ rows: rows.size }, 'market feed: lease lapsed while back-filling');
      }
    }
    await this.tickLog.start();
    // From the open minute's start: the first tick makes up the part of it already gone, so
    // the minute has its full share of prints and volume.
    this.simulator.rebase(
      bucketStart('1min', now),
      this.states.map((s) => s.minute.close),
    );
    this.stepTime = this.simulator.time;
    this.tick();
    this.deps.log.info(
      { rows: rows.size, backfilled, ms: Math.round(performance.now() - began) },
      backfilled ? 'market history back-filled' : 'market history caught up',
    );
    const feed = this.deps.config.feed;
    if (feed?.kind === 'scripted' && this.owning) {
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
    await this.switching;
    await this.live?.stop();
    // The open minute is not stored: the next start fills it again from the last closed one.
    this.flush();
    await this.writes;
    await this.tickLog.stop();
  }

  /**
   * Advances the feed to the clock, stores what closed, and publishes at most every 250 ms. In
   * scale-out only while this process holds the feed's lease; a process that takes it over
   * continues from the last applied step and the log's last sequence number.
   */
  tick(): void {
    if (this.role && !this.follow(this.role)) return;
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
      if (this.role) this.announce(this.role);
    }
    this.stepTime = this.simulator.time;
    this.tickerCache = null;
    this.flush();
    if (++this.ticks % this.publishEvery === 0) this.publish();
  }

  /**
   * Scale-out: follows the lease. Answers whether this process steps the feed now; a takeover
   * first re-reads the log's last sequence number and starts the sources (a tick or two later).
   */
  private follow(role: FeedRole): boolean {
    const held = role.lease.held();
    if (held === this.owning) return held;
    if (!held) {
      this.owning = false;
      this.deps.log.warn({}, 'market feed: lease lost, following the new owner');
      void this.live?.stop();
      return false;
    }
    this.switching ??= this.takeOver(role).finally(() => {
      this.switching = null;
    });
    return false;
  }

  private async takeOver(role: FeedRole): Promise<void> {
    try {
      // After the lease was acquired: every write of the former owner is in the log or refused.
      await this.tickLog.start();
      await this.live?.start();
      // The minute the former owner closed last, in case it died before storing it.
      const rows = this.standby.take();
      if (rows.size) {
        const { db } = this.deps.database;
        await inTransaction(db, (trx) => this.storeCandles(trx, rows));
      }
      if (!role.lease.held()) return;
      this.simulator.rebase(
        this.stepTime,
        this.states.map((s) => s.minute.close),
      );
      this.owning = true;
      this.stepToken = role.lease.token() ?? this.stepToken;
      this.deps.log.info(
        { token: String(role.lease.token()), time: this.stepTime },
        'market feed: taken over',
      );
    } catch (error) {
      this.deps.log.error({ err: error }, 'market feed: takeover failed (tried again)');
    }
  }

  /** The step just taken, to the other processes once its ticks are in the log. */
  private announce(role: FeedRole): void {
    const token = role.lease.token();
    if (token === null) return;
    const step: FeedStep = {
      token: String(token),
      time: this.simulator.time,
      bars: this.states.map((s) => (s.real ? stepBar(s.minute) : null)),
      ticks: [],
    };
    if (this.states.some((s) => s.closed)) {
      step.closed = this.states.map((s) => s.closed && stepBar(s.closed));
      for (const state of this.states) state.closed = null;
    }
    if (this.simulator.status)
      step.statuses = this.states.map((s) => this.coinStatus(s.coin.index));
    const ticks = this.optionStates
      .map((s) => this.tickLog.last(s.coin.symbol))
      .filter((t): t is Tick => t !== undefined && t.time === this.simulator.time);
    void this.tickLog.lastWrite.then((stored) => {
      // Ticks the log refused or lost are not announced: every announced tick is in the log.
      if (stored)
        step.ticks = ticks.map((t) => [
          t.seq,
          t.symbol,
          t.time,
          String(t.price),
          sourcesJson(t.sources),
        ]);
      role.bus.announce(FEED_STEP_TOPIC, step);
    });
  }

  /** Scale-out, not the owner: the owner's step becomes this process's prices (nothing written). */
  private apply(step: FeedStep): void {
    if (this.owning) return;
    const token = BigInt(step.token);
    // A new owner's steps count from its first (it continues from its own last applied step).
    if (token < this.stepToken || (token === this.stepToken && step.time < this.stepTime)) return;
    this.stepToken = token;
    step.bars.forEach((bar, index) => {
      const state = this.states[index];
      if (!bar || !state) return;
      const minute = barOfStep(bar);
      if (!state.real) {
        state.real = true;
        state.minute = flatBar(minute.time, minute.open);
        state.minuteClose = minute.open;
      }
      // The minute this step closed, as the owner closed it (with the step's last prints).
      const closed = step.closed?.[index];
      if (closed && closed[0] === state.minute.time) state.minute = barOfStep(closed);
      while (minute.time >= state.minute.time + MINUTE) this.nextMinute(state);
      state.closed = null;
      if (minute.time !== state.minute.time) return;
      state.minute = minute;
      state.changed = true;
    });
    if (step.statuses) this.applied = step.statuses;
    for (const [seq, symbol, time, price, sources] of step.ticks) {
      const found = sourcesOfJson(sources);
      this.tickLog.apply(
        found
          ? { seq, symbol, time, price: BigInt(price), sources: found }
          : { seq, symbol, time, price: BigInt(price) },
      );
    }
    this.stepTime = step.time;
    this.tickerCache = null;
    this.flush();
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
      closed: null,
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
    state.closed = closed;
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
    if (!this.owning) {
      // The owner stores these; kept only until the next minute, for a takeover.
      this.standby = rows;
      return;
    }
    const { db } = this.deps.database;
    this.writes = this.writes
      .then(() => inTransaction(db, (trx) => this.storeCandles(trx, rows)))
      .catch((error: unknown) => {
        if (error instanceof StaleLeaseError) return;
        // Lost candles are a gap in the charts, not a reason to stop the prices.
        this.deps.log.error({ err: error, rows: rows.size }, 'storing candles failed');
      });
  }

  /** Candles in `trx`; in scale-out only while this process still owns the feed (fenced). */
  private async storeCandles(trx: Trx, rows: repo.CandleBatch): Promise<void> {
    await this.role?.lease.fence(trx);
    await repo.insertCandles(trx, this.deps.database.dialect, rows);
  }

  private publish(): void {
    const { bus } = this.deps;
    // Scale-out: the owner's frames reach every process's clients; a standby sends none.
    if (!this.owning) return;
    bus.publish(channels.tickers, this.tickersFrame);
    for (const state of this.states) {
      if (!state.changed) continue;
      state.changed = false;
      for (let p = 0; p < CANDLE_PERIODS.length; p++)
        bus.publish(state.candleChannels[p]!, state.candleFrames[p]);
    }
  }
}
