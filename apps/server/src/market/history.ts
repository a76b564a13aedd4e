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

/**
 * Daily candles of [from, to), oldest first, generated backwards from the price `close` at `to`
 * (a reversed Brownian path is a Brownian path), so the series ends exactly where the minute
 * history begins and each day opens at the previous day's close.
 */
export function dailyHistory(
  coin: Coin,
  seed: number,
  from: number,
  to: number,
  close: bigint,
): Bar[] {
  const walker = new PathWalker(
    new Random(seed, coin.index, STREAM.days, to),
    coin,
    DAY,
    DAY_STEPS,
  );
  const bars: Bar[] = [];
  let x = Math.log(unitsToNumber(close));
  let dayClose = close;
  for (let time = to - DAY; time >= from; time -= DAY) {
    const end = x;
    x = walker.walk(end, -1);
    const open = priceUnits(coin, Math.exp(x));
    const quote = walker.traded(coin.spec.dailyQuoteVolume, end - x, 0.35, 0.7);
    const path = { high: walker.high, low: walker.low, mid: (x + end) / 2 };
    bars.push(pathBar(coin, time, open, dayClose, path, quote));
    dayClose = open;
  }
  return bars.reverse();
}

/**
 * One-minute candles of [from, to), oldest first, generated backwards from the price `close` at
 * `to`: the first start's history, which so ends exactly at the configured price now.
 */
export function minuteHistoryBack(
  coin: Coin,
  seed: number,
  from: number,
  to: number,
  close: bigint,
): Bar[] {
  const walker = new PathWalker(
    new Random(seed, coin.index, STREAM.minutesBack, to),
    coin,
    MINUTE,
    MINUTE_STEPS,
  );
  const quotePerMinute = coin.spec.dailyQuoteVolume / (DAY / MINUTE);
  const bars: Bar[] = [];
  let x = Math.log(unitsToNumber(close));
  let minuteClose = close;
  for (let time = to - MINUTE; time >= from; time -= MINUTE) {
    const end = x;
    x = walker.walk(end, -1);
    const open = priceUnits(coin, Math.exp(x));
    const quote = walker.traded(quotePerMinute, end - x, 0.5, 0.6);
    const path = { high: walker.high, low: walker.low, mid: (x + end) / 2 };
    bars.push(pathBar(coin, time, open, minuteClose, path, quote));
    minuteClose = open;
  }
  return bars.reverse();
}

/** Daily candles of [from, to) generated forward from `open`; answers the last close. */
function dailyForward(
  coin: Coin,
  seed: number,
  from: number,
  to: number,
  open: bigint,
  emit: (bar: Bar) => void,
): bigint {
  const walker = new PathWalker(
    new Random(seed, coin.index, STREAM.gapDays, from),
    coin,
    DAY,
    DAY_STEPS,
  );
  let x = Math.log(unitsToNumber(open));
  let dayOpen = open;
  for (let time = from; time < to; time += DAY) {
    const start = x;
    x = walker.walk(start, 1);
    const close = priceUnits(coin, Math.exp(x));
    const quote = walker.traded(coin.spec.dailyQuoteVolume, x - start, 0.35, 0.7);
    const path = { high: walker.high, low: walker.low, mid: (x + start) / 2 };
    emit(pathBar(coin, time, dayOpen, close, path, quote));
    dayOpen = close;
  }
  return dayOpen;
}

/**
 * One-minute candles of [from, to), opening at `open`; answers the last close. Used for the
 * history on first start and to fill the time the server was not running.
 */
export function minuteHistory(
  coin: Coin,
  seed: number,
  from: number,
  to: number,
  open: bigint,
  emit: (bar: Bar) => void,
): bigint {
  const walker = new PathWalker(
    new Random(seed, coin.index, STREAM.minutes, from),
    coin,
    MINUTE,
    MINUTE_STEPS,
  );
  const quotePerMinute = coin.spec.dailyQuoteVolume / (DAY / MINUTE);
  let x = Math.log(unitsToNumber(open));
  let minuteOpen = open;
  for (let time = from; time < to; time += MINUTE) {
    const start = x;
    x = walker.walk(start, 1);
    const close = priceUnits(coin, Math.exp(x));
    const quote = walker.traded(quotePerMinute, x - start, 0.5, 0.6);
    const path = { high: walker.high, low: walker.low, mid: (x + start) / 2 };
    emit(pathBar(coin, time, minuteOpen, close, path, quote));
    minuteOpen = close;
  }
  return minuteOpen;
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
    close = dailyForward(coin, seed, midnight, minutesFrom, close, emit.day);
    next = minutesFrom;
  }
  return minuteHistory(coin, seed, next, to, close, emit.minute);
}
