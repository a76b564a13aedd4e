import { describe, expect, it } from 'vitest';
import { compactAmount, compareDecimal, formatChange, formatPrice, trendOf } from './format';

describe('market number display', () => {
  it('shows prices with the product precision, grouped by thousands', () => {
    expect(formatPrice('64250.5', 2)).toBe('64,250.50');
    expect(formatPrice('0.12345678', 4)).toBe('0.1234');
    expect(formatPrice('1234567.891', 0)).toBe('1,234,567');
  });

  it('shows the change with its sign and a percent', () => {
    expect(formatChange('1.5')).toBe('+1.50%');
    expect(formatChange('-0.25')).toBe('-0.25%');
    expect(formatChange('0.00')).toBe('0.00%');
    expect(trendOf('-0.01')).toBe('down');
    expect(trendOf('0')).toBe('flat');
  });

  it('shows "--" for a coin never priced, never a number', () => {
    expect(formatPrice(null, 2)).toBe('--');
    expect(formatChange(null)).toBe('--');
    expect(trendOf(null)).toBe('flat');
    expect(compareDecimal(null, '1')).toBe(-1);
  });

  it('compares decimal strings exactly', () => {
    expect(['10.5', '9.99', '-1', '100'].sort(compareDecimal)).toEqual([
      '-1',
      '9.99',
      '10.5',
      '100',
    ]);
    expect(compareDecimal('0.10000001', '0.1')).toBe(1);
  });

  it('shortens large amounts without a float', () => {
    expect(compactAmount('1234567.89')).toEqual({ value: '1.23', unit: 'million' });
    expect(compactAmount('98765432109876.5')).toEqual({ value: '98.76', unit: 'trillion' });
    expect(compactAmount('12345.6')).toEqual({ value: '12.34', unit: 'thousand' });
    expect(compactAmount('9999.999')).toEqual({ value: '9,999.99' });
    expect(compactAmount('5000000000000000000')).toEqual({
      value: '5,000,000.00',
      unit: 'trillion',
    });
  });
});
