import { describe, expect, it } from 'vitest';
import { progressPercent, volumeMissing } from './tier-progress';

describe('the member tier progress', () => {
  it('shows the fraction as a whole percentage within 0 to 100', () => {
    expect(progressPercent('0.25000000')).toBe(25);
    expect(progressPercent('0.999')).toBe(99);
    expect(progressPercent('1.00000000')).toBe(100);
    expect(progressPercent('x')).toBe(0);
  });

  it('says what volume is missing, never below zero', () => {
    expect(volumeMissing('12500.5', '50000')).toBe('37499.50000000');
    expect(volumeMissing('60000', '50000')).toBe('0.00000000');
  });
});
