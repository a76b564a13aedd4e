import { describe, expect, it } from 'vitest';
import {
  bollinger,
  ema,
  overlayLines,
  parseIndicators,
  sma,
  toggleIndicator,
  volumeLines,
} from './indicators';

/** A deterministic walk, so windows of every size see different numbers. */
function walk(length: number): number[] {
  let seed = 7;
  let price = 100;
  return Array.from({ length }, () => {
    seed = (seed * 48271) % 2147483647;
    price += (seed / 2147483647 - 0.5) * 4;
    return price;
  });
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('sma', () => {
  it('averages the last n values and is empty until the window is full', () => {
    expect(sma([1, 2, 3, 4, 5], 3)).toEqual([null, null, 2, 3, 4]);
    expect(sma([4], 1)).toEqual([4]);
    expect(sma([1, 2], 3)).toEqual([null, null]);
  });

  it('agrees with a plain average of each window over a long series', () => {
    const values = walk(300);
    const out = sma(values, 25);
    for (let i = 24; i < values.length; i += 1) {
      expect(out[i]).toBeCloseTo(mean(values.slice(i - 24, i + 1)), 9);
    }
  });

  it('refuses a period that is not a positive whole number', () => {
    expect(() => sma([1], 0)).toThrow(RangeError);
    expect(() => ema([1], 2.5)).toThrow(RangeError);
  });
});

describe('ema', () => {
  it('starts at the simple average of the first window and then weighs 2 / (n + 1)', () => {
    expect(ema([1, 2, 3, 4, 5], 3)).toEqual([null, null, 2, 3, 4]);
    const out = ema([10, 10, 10, 20], 3);
    expect(out[2]).toBe(10);
    expect(out[3]).toBe(15);
  });

  it('follows a constant series exactly and lags a rising one', () => {
    expect(ema(Array(30).fill(5), 7).slice(6)).toEqual(Array(24).fill(5));
    const rising = Array.from({ length: 40 }, (_, i) => i);
    const out = ema(rising, 7);
    expect(out[39]).toBeLessThan(39);
    expect(out[39]).toBeGreaterThan(sma(rising, 7)[39]! - 1);
  });
});

describe('bollinger', () => {
  it('puts the bands two population deviations around the 20-bar average', () => {
    const bands = bollinger([1, 2, 3], 3, 2);
    const deviation = Math.sqrt(2 / 3);
    expect(bands.middle).toEqual([null, null, 2]);
    expect(bands.upper[2]).toBeCloseTo(2 + 2 * deviation, 12);
    expect(bands.lower[2]).toBeCloseTo(2 - 2 * deviation, 12);
  });

  it('matches a direct computation of each window', () => {
    const values = walk(120);
    const bands = bollinger(values);
    expect(bands.upper.slice(0, 19).every((v) => v === null)).toBe(true);
    for (let i = 19; i < values.length; i += 1) {
      const window = values.slice(i - 19, i + 1);
      const m = mean(window);
      const sd = Math.sqrt(mean(window.map((v) => (v - m) ** 2)));
      expect(bands.middle[i]).toBeCloseTo(m, 9);
      expect(bands.upper[i]).toBeCloseTo(m + 2 * sd, 9);
      expect(bands.lower[i]).toBeCloseTo(m - 2 * sd, 9);
    }
  });

  it('closes the bands on a flat series', () => {
    const bands = bollinger(Array(25).fill(3));
    expect(bands.upper[24]).toBe(3);
    expect(bands.lower[24]).toBe(3);
  });
});

describe('indicator lines', () => {
  const closes = walk(150);

  it('draws MA and EMA 7, 25, 99 and BOLL as three bands, each one value per candle', () => {
    expect(overlayLines('MA', closes).map((l) => l.label)).toEqual(['MA7', 'MA25', 'MA99']);
    expect(overlayLines('EMA', closes).map((l) => l.label)).toEqual(['EMA7', 'EMA25', 'EMA99']);
    expect(overlayLines('BOLL', closes).map((l) => l.label)).toEqual(['MID', 'UP', 'LOW']);
    for (const line of overlayLines('MA', closes)) expect(line.values).toHaveLength(150);
    expect(overlayLines('VOL', closes)).toEqual([]);
  });

  it('gives the volume its 5 and 10 bar averages', () => {
    const lines = volumeLines([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(lines.map((l) => l.label)).toEqual(['MA5', 'MA10']);
    expect(lines[0]?.values[4]).toBe(3);
    expect(lines[1]?.values[9]).toBe(5.5);
  });
});

describe('the chosen indicators', () => {
  it('default to MA and VOL and ignore what is not an indicator', () => {
    expect(parseIndicators(null)).toEqual(['MA', 'VOL']);
    expect(parseIndicators('')).toEqual([]);
    expect(parseIndicators('VOL,BOLL,nope')).toEqual(['BOLL', 'VOL']);
  });

  it('toggle one at a time and keep their order', () => {
    expect(toggleIndicator(['MA', 'VOL'], 'MA')).toEqual(['VOL']);
    expect(toggleIndicator(['VOL'], 'EMA')).toEqual(['EMA', 'VOL']);
  });
});
