import type { BarPrice } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { canvasLabel, placesFormat } from './chart-data';

describe('labels of the chart canvas', () => {
  it('writes a plotted number back at the given places, grouped by thousands', () => {
    expect(canvasLabel(64250.5, 2)).toBe('64,250.50');
    expect(canvasLabel(0.12345, 4)).toBe('0.1235');
    expect(canvasLabel(1234567, 0)).toBe('1,234,567');
  });

  it("gives a series' scale the step and labels of its places", () => {
    const format = placesFormat(4);
    expect(format.minMove).toBe(0.0001);
    expect(placesFormat(2).minMove).toBe(0.01);
    expect(format.formatter(1234.5 as BarPrice)).toBe('1,234.5000');
  });
});
