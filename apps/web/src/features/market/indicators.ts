/**
 * The chart's technical indicators, as pure functions of the candles' closes and volumes. They
 * only draw lines on a canvas, so they work in floats (the chart's own numbers), never in the
 * exact money units. Each answers one value per input, null where the window is not yet full, so
 * the result lines up with the candles it was computed from.
 */

export type Point = number | null;

/** The indicators a trader can switch on; MA, EMA and BOLL sit on the price, VOL under it. */
export const INDICATORS = ['MA', 'EMA', 'BOLL', 'VOL'] as const;
export type Indicator = (typeof INDICATORS)[number];

/** The periods of the moving averages, as leading exchanges show them by default. */
export const MA_PERIODS = [7, 25, 99] as const;
export const EMA_PERIODS = [7, 25, 99] as const;
/** Bollinger bands: a 20-bar average and 2 standard deviations either side. */
export const BOLL_PERIOD = 20;
export const BOLL_WIDTH = 2;
/** The volume's own moving averages. */
export const VOL_MA_PERIODS = [5, 10] as const;

function checkPeriod(period: number): void {
  if (!Number.isInteger(period) || period < 1) throw new RangeError(`bad period ${period}`);
}

/** Simple moving average: the mean of the last `period` values. */
export function sma(values: readonly number[], period: number): Point[] {
  checkPeriod(period);
  const out: Point[] = [];
  let sum = 0;
  values.forEach((value, i) => {
    sum += value;
    if (i >= period) sum -= values[i - period] ?? 0;
    out.push(i >= period - 1 ? sum / period : null);
  });
  return out;
}

/**
 * Exponential moving average with the usual weight 2 / (period + 1), started from the simple
 * average of the first `period` values (so it agrees with the MA at its first point).
 */
export function ema(values: readonly number[], period: number): Point[] {
  checkPeriod(period);
  const k = 2 / (period + 1);
  const out: Point[] = [];
  let previous: number | null = null;
  let seed = 0;
  values.forEach((value, i) => {
    if (previous === null) {
      seed += value;
      if (i === period - 1) previous = seed / period;
    } else {
      previous = value * k + previous * (1 - k);
    }
    out.push(previous);
  });
  return out;
}

export interface Bands {
  middle: Point[];
  upper: Point[];
  lower: Point[];
}

/**
 * Bollinger bands: the `period` average, and `width` population standard deviations of the same
 * window above and below it.
 */
export function bollinger(
  values: readonly number[],
  period = BOLL_PERIOD,
  width = BOLL_WIDTH,
): Bands {
  const middle = sma(values, period);
  const upper: Point[] = [];
  const lower: Point[] = [];
  middle.forEach((mean, i) => {
    if (mean === null) {
      upper.push(null);
      lower.push(null);
      return;
    }
    let squares = 0;
    for (let j = i - period + 1; j <= i; j += 1) squares += ((values[j] ?? 0) - mean) ** 2;
    const deviation = Math.sqrt(squares / period);
    upper.push(mean + width * deviation);
    lower.push(mean - width * deviation);
  });
  return { middle, upper, lower };
}

/** A line of the chart: its name for the legend and its values, one per candle. */
export interface IndicatorLine {
  key: string;
  label: string;
  values: Point[];
}

/** The lines an overlay indicator draws over the prices. */
export function overlayLines(indicator: Indicator, closes: readonly number[]): IndicatorLine[] {
  switch (indicator) {
    case 'MA':
      return MA_PERIODS.map((p) => ({ key: `ma${p}`, label: `MA${p}`, values: sma(closes, p) }));
    case 'EMA':
      return EMA_PERIODS.map((p) => ({ key: `ema${p}`, label: `EMA${p}`, values: ema(closes, p) }));
    case 'BOLL': {
      const bands = bollinger(closes);
      return [
        { key: 'boll-mid', label: 'MID', values: bands.middle },
        { key: 'boll-up', label: 'UP', values: bands.upper },
        { key: 'boll-low', label: 'LOW', values: bands.lower },
      ];
    }
    case 'VOL':
      return [];
  }
}

/** The moving averages drawn over the volume bars. */
export function volumeLines(volumes: readonly number[]): IndicatorLine[] {
  return VOL_MA_PERIODS.map((p) => ({ key: `vol${p}`, label: `MA${p}`, values: sma(volumes, p) }));
}

/** Which indicators are on, as a set kept in the browser (see the chart's indicator bar). */
export function parseIndicators(stored: string | null): Indicator[] {
  if (stored === null) return ['MA', 'VOL'];
  const asked = stored.split(',');
  return INDICATORS.filter((i) => asked.includes(i));
}

export function toggleIndicator(on: readonly Indicator[], which: Indicator): Indicator[] {
  return on.includes(which)
    ? on.filter((i) => i !== which)
    : INDICATORS.filter((i) => i === which || on.includes(i));
}
