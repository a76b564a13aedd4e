import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatPhone,
  formatShortTime,
  formatTime,
  isZeroAmount,
  shorten,
} from './format';

describe('formatAmount', () => {
  it('groups thousands and drops trailing zeros of the 8 decimals', () => {
    expect(formatAmount('1234567.50000000')).toBe('1,234,567.5');
    expect(formatAmount('100.00000000')).toBe('100');
    expect(formatAmount('0.00000001')).toBe('0.00000001');
    expect(formatAmount('-2500.10000000')).toBe('-2,500.1');
  });

  it('shows a dash for a missing value and a plain zero for zero', () => {
    expect(formatAmount(null)).toBe('-');
    expect(formatAmount('0.00000000')).toBe('0');
  });
});

describe('shorten', () => {
  it('keeps both ends of a long hash', () => {
    expect(shorten('0x1234567890abcdef1234567890abcdef', 6)).toBe('0x1234…abcdef');
    expect(shorten('short')).toBe('short');
    expect(shorten(null)).toBe('-');
  });
});

describe('isZeroAmount', () => {
  it('is true for zero in any number of places and false otherwise', () => {
    expect(isZeroAmount('0.00000000')).toBe(true);
    expect(isZeroAmount('-0')).toBe(true);
    expect(isZeroAmount('0.00000001')).toBe(false);
    expect(isZeroAmount('100')).toBe(false);
  });
});

describe('formatPhone', () => {
  it('puts the area code before the number, and a dash for no number', () => {
    expect(formatPhone('49', '1701234567')).toBe('+49 1701234567');
    expect(formatPhone(null, null)).toBe('-');
  });
});

describe('formatShortTime', () => {
  const at = new Date(2026, 6, 12, 17, 19, 18).getTime();

  it('leaves out the year of the current year, and keeps it for another', () => {
    expect(formatShortTime(at, new Date(2026, 11, 31).getTime())).toBe('07/12, 17:19:18');
    expect(formatShortTime(at, new Date(2027, 0, 1).getTime())).toBe(formatTime(at));
    expect(formatTime(at)).toBe('07/12/2026, 17:19:18');
  });

  it('shows a dash for no time', () => {
    expect(formatShortTime(null)).toBe('-');
  });
});
