import { CANDLE_PERIODS, formatMoney, type Candle, type CandlePeriod } from '@tidemark/contract';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const WEEK = 7 * DAY;

const FIXED_MS: Record<Exclude<CandlePeriod, '1mon'>, number> = {
  '1min': MINUTE,
  '15min': 15 * MINUTE,
  '30min': 30 * MINUTE,
  '1hour': HOUR,
  '1day': DAY,
  '1week': WEEK,
};

/** 1970-01-01 was a Thursday: ISO weeks (Monday 00:00 UTC) start 3 days later in the cycle. */
const WEEK_OFFSET = 3 * DAY;

/** Open time of the candle of `period` that contains `time` (UTC; weeks start on Monday). */
export function bucketStart(period: CandlePeriod, time: number): number {
  if (period === '1mon') {
    const date = new Date(time);
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  }
  if (period === '1week') return Math.floor((time + WEEK_OFFSET) / WEEK) * WEEK - WEEK_OFFSET;
  const span = FIXED_MS[period];
  return Math.floor(time / span) * span;
}

/** Open time of the candle after the one opening at `start`. */
export function bucketEnd(period: CandlePeriod, start: number): number {
  if (period === '1mon') {
    const date = new Date(start);
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  }
  return start + FIXED_MS[period];
}

/** A candle in units of 1e-8. The live ones are updated in place on every print. */
export interface Bar {
  time: number;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  /** Base currency traded. */
  volume: bigint;
  /** Quote currency (USDT) traded. */
  quoteVolume: bigint;
}

export function flatBar(time: number, price: bigint): Bar {
  return { time, open: price, high: price, low: price, close: price, volume: 0n, quoteVolume: 0n };
}

export function copyBar(bar: Bar, time = bar.time): Bar {
  return { ...bar, time };
}

/** Extends `into` with `next`, which follows it in time. */
export function mergeBar(into: Bar, next: Bar): void {
  if (next.high > into.high) into.high = next.high;
  if (next.low < into.low) into.low = next.low;
  into.close = next.close;
  into.volume += next.volume;
  into.quoteVolume += next.quoteVolume;
}

export function toCandle(bar: Bar): Candle {
  return {
    time: bar.time,
    open: formatMoney(bar.open),
    high: formatMoney(bar.high),
    low: formatMoney(bar.low),
    close: formatMoney(bar.close),
    volume: formatMoney(bar.volume),
  };
}

/** Receives each candle as it closes; it may keep the bar (the chain never touches it again). */
export type ClosedSink = (period: CandlePeriod, bar: Bar) => void;

/** Built from closed minutes. */
const FROM_MINUTES = ['15min', '30min', '1hour', '1day'] as const;
/** Built from closed days, so weeks and months agree with the daily series. */
const FROM_DAYS = ['1week', '1mon'] as const;
const PERIOD_INDEX = new Map<CandlePeriod, number>(CANDLE_PERIODS.map((p, i) => [p, i]));

function indexOf(period: CandlePeriod): number {
  return PERIOD_INDEX.get(period) ?? 0;
}

/**
 * One symbol's candles of every period, fed closed minutes (and, for the history before the
 * minutes, closed days). For each longer period it holds the closed part of the current candle;
 * the live candle is that part merged with the open minute, so a print touches only the minute.
 */
export class CandleChain {
  /** By period index; null when the current candle has no closed part yet. */
  private readonly parts: (Bar | null)[] = CANDLE_PERIODS.map(() => null);

  /** A closed minute, in time order. */
  addMinute(bar: Bar, sink?: ClosedSink): void {
    sink?.('1min', bar);
    for (const period of FROM_MINUTES) this.fold(period, bar, MINUTE, sink);
  }

  /** A closed day made without minutes (the history before the minute history). */
  addDay(bar: Bar, sink?: ClosedSink): void {
    this.close('1day', bar, sink);
  }

  /** The closed part of the current candle of a period (for tests and restarts). */
  part(period: CandlePeriod): Bar | null {
    return this.parts[indexOf(period)] ?? null;
  }

  /** The live candle of `period` given the open minute; a new object. */
  live(period: CandlePeriod, minute: Bar): Bar {
    if (period === '1min') return copyBar(minute);
    const inner = period === '1week' || period === '1mon' ? this.live('1day', minute) : minute;
    const start = bucketStart(period, minute.time);
    const part = this.parts[indexOf(period)];
    if (!part || part.time !== start) return copyBar(inner, start);
    const bar = copyBar(part);
    mergeBar(bar, inner);
    return bar;
  }

  private fold(period: CandlePeriod, bar: Bar, span: number, sink?: ClosedSink): void {
    const i = indexOf(period);
    const start = bucketStart(period, bar.time);
    let part = this.parts[i] ?? null;
    // A part of an earlier candle means input was missing; close it rather than mix candles.
    if (part && part.time !== start) {
      this.parts[i] = null;
      this.close(period, part, sink);
      part = null;
    }
    if (part) mergeBar(part, bar);
    else this.parts[i] = part = copyBar(bar, start);
    if (bar.time + span === bucketEnd(period, start)) {
      this.parts[i] = null;
      this.close(period, part, sink);
    }
  }

  private close(period: CandlePeriod, bar: Bar, sink?: ClosedSink): void {
    if (period === '1day') {
      sink?.('1day', bar);
      for (const longer of FROM_DAYS) this.fold(longer, bar, DAY, sink);
    } else {
      sink?.(period, bar);
    }
  }
}
