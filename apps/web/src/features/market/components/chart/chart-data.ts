import type { Candle, CandlePeriod } from '@tidemark/contract';
import { groupThousands } from '@tidemark/contract/rules';
import type {
  AreaData,
  CandlestickData,
  PriceFormatCustom,
  HistogramData,
  UTCTimestamp,
} from 'lightweight-charts';

/** Periods whose candles are a day or longer: they are dates, not moments, and are not shifted. */
const DATE_PERIODS: ReadonlySet<CandlePeriod> = new Set(['1day', '1week', '1mon']);

/**
 * The chart draws timestamps as UTC; an intraday candle is moved by the local offset so its axis
 * shows the user's clock (lightweight-charts' own advice for time zones).
 */
export function chartTime(ms: number, period: CandlePeriod): UTCTimestamp {
  const shift = DATE_PERIODS.has(period) ? 0 : new Date(ms).getTimezoneOffset() * 60_000;
  return Math.floor((ms - shift) / 1000) as UTCTimestamp;
}

/** Prices become floats here and only here: a canvas plots numbers; labels are formatted back. */
export function toCandle(c: Candle, period: CandlePeriod): CandlestickData<UTCTimestamp> {
  return {
    time: chartTime(c.time, period),
    open: Number(c.open),
    high: Number(c.high),
    low: Number(c.low),
    close: Number(c.close),
  };
}

export function toLinePoint(c: Candle, period: CandlePeriod): AreaData<UTCTimestamp> {
  return { time: chartTime(c.time, period), value: Number(c.close) };
}

export function toVolumeBar(
  c: Candle,
  period: CandlePeriod,
  colours: { up: string; down: string },
): HistogramData<UTCTimestamp> {
  return {
    time: chartTime(c.time, period),
    value: Number(c.volume),
    color: Number(c.close) >= Number(c.open) ? colours.up : colours.down,
  };
}

/** A number of the canvas written back for people: `places` decimals, grouped by thousands. */
export function canvasLabel(value: number, places: number): string {
  return groupThousands(value.toFixed(places));
}

/** A series' own scale labels at `places` decimals (a price's, or a quantity's on the depth chart). */
export function placesFormat(places: number): PriceFormatCustom {
  return {
    type: 'custom',
    // 1 / 10 ** places, not 10 ** -places: 10 ** -4 is 0.00009999999999999999.
    minMove: 1 / 10 ** places,
    formatter: (value: number) => canvasLabel(value, places),
  };
}
