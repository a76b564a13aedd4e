import { mulMoney } from '@tidemark/contract';
import { bucketStart, DAY, MINUTE, type Bar } from './candles';
import { priceUnits, quantityUnits, unitsToNumber, type Coin } from './coins';
import { Random } from './random';
import { REVERSION_PER_YEAR, STREAM, YEAR_MS } from './simulator';

/** Years of daily candles before the minute history: enough for a full monthly chart. */
export const HISTORY_YEARS = 4;
/** Price steps inside a generated candle: enough for a believable high and low. */
const MINUTE_STEPS = 6;
const DAY_STEPS = 24;

/**
 * Where the minute history begins: `historyDays` before now, moved back to midnight UTC so every
 * daily candle is made either wholly of generated days or wholly of minutes.
 */
export function minuteHistoryStart(now: number, historyDays: number): number {
  return bucketStart('1day', now - historyDays * DAY);
}

/**
 * Where the daily history begins: a month's first day that is also a Monday, `years` or a little
 * more before the minute history, so the first weekly and the first monthly candle are both whole.
 */
export function dailyHistoryStart(minuteStart: number, years = HISTORY_YEARS): number {
  const date = new Date(minuteStart);
  const year = date.getUTCFullYear() - years;
  // Every year has a month starting on a Monday, so this ends within twelve months.
  for (let month = date.getUTCMonth(); ; month--) {
    const first = Date.UTC(year, month, 1);
    if (new Date(first).getUTCDay() === 1) return first;
  }
}

const max = (a: bigint, b: bigint) => (a > b ? a : b);
const min = (a: bigint, b: bigint) => (a < b ? a : b);

/** A generated candle from its price path (log prices) and traded value. */
function pathBar(
  coin: Coin,
  time: number,
  open: bigint,
  close: bigint,
  path: { high: number; low: number; mid: number },
  quote: number,
): Bar {
  const pathHigh = priceUnits(coin, Math.exp(path.high));
  const pathLow = priceUnits(coin, Math.exp(path.low));
  const high = max(max(open, close), pathHigh);
  const low = min(min(open, close), pathLow);
  const volume = quantityUnits(coin, quote / Math.exp(path.mid));
  const typical = (open + high + low + close) / 4n;
  return { time, open, high, low, close, volume, quoteVolume: mulMoney(volume, typical, 'down') };
}

/**
 * A path of the log price over one candle, walked in equal steps; allocation-free. Each step
 * moves by the coin's volatility scaled to the step (sigma * sqrt(dt)), and is pulled a little
 * towards the coin's configured price (simulator.ts, REVERSION_PER_YEAR): invisible within a
 * month, it keeps years of history at plausible levels. The pull does not depend on the
 * direction of the walk, so a walk backwards from today's price is as plausible as one forwards.
 */
class PathWalker {
  high = 0;
  low = 0;
  /** Standard deviation of the whole walk. */
  readonly spread: number;
  private readonly sd: number;
  private readonly anchor: number;
  private readonly pull: number;

  constructor(
    private readonly random: Random,
    coin: Coin,
    span: number,
    private readonly steps: number,
  ) {
    this.sd = coin.spec.volatility * Math.sqrt(span / steps / YEAR_MS);
    this.spread = this.sd * Math.sqrt(steps);
    this.anchor = Math.log(unitsToNumber(coin.startPrice));
    this.pull = (REVERSION_PER_YEAR * span) / steps / YEAR_MS;
  }

  /** Walks from log price x, forward in time (1) or backward (-1); answers where it ends. */
  walk(x: number, direction: 1 | -1): number {
    this.high = x;
    this.low = x;
    for (let k = 0; k < this.steps; k++) {
      x += direction * this.sd * this.random.normal() - this.pull * (x - this.anchor);
      if (x > this.high) this.high = x;
      else if (x < this.low) this.low = x;
    }
    return x;
  }

  /** Traded value of a candle: log-normal noise, busier when the price moves (E|Z| ~ 0.8). */
  traded(mean: number, move: number, noise: number, base: number): number {
    const activity = base + ((1 - base) / 0.8) * (Math.abs(move) / this.spread);
    return mean * this.random.lognormal(noise) * activity;
  }
}

/** How one size of generated candle moves and trades. */
interface CandleKind {
  span: number;
  steps: number;
  /** Mean traded value of one candle. */
  quote: (coin: Coin) => number;
  /** Spread of the log-normal noise on the traded value, and its floor when the price stands still. */
  noise: number;
  base: number;
}

const DAILY: CandleKind = {
  span: DAY,
  steps: DAY_STEPS,
  quote: (coin) => coin.spec.dailyQuoteVolume,
  noise: 0.35,
  base: 0.7,
};
const MINUTELY: CandleKind = {
  span: MINUTE,
  steps: MINUTE_STEPS,
  quote: (coin) => coin.spec.dailyQuoteVolume / (DAY / MINUTE),
  noise: 0.5,
  base: 0.6,
};

/** The streams of the candles back-filled on first start, by size. */
const BACK = {
  day: { kind: DAILY, stream: STREAM.days },
  minute: { kind: MINUTELY, stream: STREAM.minutesBack },
} as const;

/**
 * Candles of one size over [from, to), oldest first, generated backwards from the price `close`
 * at `to` (a reversed Brownian path is a Brownian path), so the series ends exactly there and each
 * candle opens at the previous one's close. First start: minutes back from the configured price
 * at the open minute, then days back from where the minutes begin.
 */
export function historyBack(
  size: keyof typeof BACK,
  coin: Coin,
  seed: number,
  range: { from: number; to: number },
  close: bigint,
): Bar[] {
  const { kind, stream } = BACK[size];
  const walker = new PathWalker(
    new Random(seed, coin.index, stream, range.to),
    coin,
    kind.span,
    kind.steps,
  );
  const mean = kind.quote(coin);
  const bars: Bar[] = [];
  let x = Math.log(unitsToNumber(close));
  let barClose = close;
  for (let time = range.to - kind.span; time >= range.from; time -= kind.span) {
    const end = x;
    x = walker.walk(end, -1);
    const open = priceUnits(coin, Math.exp(x));
    const quote = walker.traded(mean, end - x, kind.noise, kind.base);
    const path = { high: walker.high, low: walker.low, mid: (x + end) / 2 };
    bars.push(pathBar(coin, time, open, barClose, path, quote));
    barClose = open;
  }
  return bars.reverse();
}

/** Candles of [from, to) generated forward from `open`; answers the last close. */
function walkForward(
  coin: Coin,
  random: Random,
  kind: CandleKind,
  range: { from: number; to: number },
  open: bigint,
  emit: (bar: Bar) => void,
): bigint {
  const walker = new PathWalker(random, coin, kind.span, kind.steps);
  const mean = kind.quote(coin);
  let x = Math.log(unitsToNumber(open));
  let barOpen = open;
  for (let time = range.from; time < range.to; time += kind.span) {
    const start = x;
    x = walker.walk(start, 1);
    const close = priceUnits(coin, Math.exp(x));
    const quote = walker.traded(mean, x - start, kind.noise, kind.base);
    const path = { high: walker.high, low: walker.low, mid: (x + start) / 2 };
    emit(pathBar(coin, time, barOpen, close, path, quote));
    barOpen = close;
  }
  return barOpen;
}

/**
 * One-minute candles of [from, to), opening at `open`; answers the last close. Fills the time the
 * server was not running.
 */
export function minuteHistory(
  coin: Coin,
  seed: number,
  from: number,
  to: number,
  open: bigint,
  emit: (bar: Bar) => void,
): bigint {
  const random = new Random(seed, coin.index, STREAM.minutes, from);
  return walkForward(coin, random, MINUTELY, { from, to }, open, emit);
}

/**
 * Fills [from, to) after the last stored minute (a restart, or a process that stood still),
 * opening at `open`; answers the last close. Like the first start's history, minutes cover at
 * most the last `historyDays` (from midnight); a longer gap is bridged by finishing the day in
 * progress with minutes and the whole days after it with daily candles, so a server that was
 * down for months starts in a second rather than writing millions of minutes.
 */
export function fillGap(
  coin: Coin,
  seed: number,
  range: { from: number; to: number; historyDays: number },
  open: bigint,
  emit: { minute: (bar: Bar) => void; day: (bar: Bar) => void },
): bigint {
  const { from, to } = range;
  const minutesFrom = minuteHistoryStart(to, range.historyDays);
  const midnight = bucketStart('1day', from) === from ? from : bucketStart('1day', from) + DAY;
  let close = open;
  let next = from;
  if (midnight < minutesFrom) {
    close = minuteHistory(coin, seed, from, midnight, close, emit.minute);
    const days = new Random(seed, coin.index, STREAM.gapDays, midnight);
    close = walkForward(coin, days, DAILY, { from: midnight, to: minutesFrom }, close, emit.day);
    next = minutesFrom;
  }
  return minuteHistory(coin, seed, next, to, close, emit.minute);
}
