import { describe, expect, it } from 'vitest';
import { periodParts, ratePercent } from './format';

describe('option figures', () => {
  it('shows rates as exact percentages', () => {
    expect(ratePercent('0.85000000')).toBe('85%');
    expect(ratePercent('1.00000000')).toBe('100%');
    expect(ratePercent('0.12345678')).toBe('12.345678%');
    expect(ratePercent('0.00000000')).toBe('0%');
    expect(ratePercent('nope')).toBe('nope');
  });

  it('names a period in its largest whole unit', () => {
    expect(periodParts(60)).toEqual({ count: 1, unit: 'min' });
    expect(periodParts(90)).toEqual({ count: 90, unit: 's' });
    expect(periodParts(7_200)).toEqual({ count: 2, unit: 'h' });
    expect(periodParts(604_800)).toEqual({ count: 7, unit: 'd' });
  });
});
