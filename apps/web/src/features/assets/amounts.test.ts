import { describe, expect, it } from 'vitest';
import { exceedsAvailable, formatAmount, formatSigned, formatUsdt, isZero } from './amounts';

describe('amounts for display', () => {
  it('shows USDT with 2 places, grouped by thousands, truncated', () => {
    expect(formatUsdt('100000.00000000')).toBe('100,000.00');
    expect(formatAmount('1234567.89999999', 'USDT')).toBe('1,234,567.89');
    expect(formatUsdt('0.00000000')).toBe('0.00');
  });

  it('shows coins with up to 8 places, trailing zeros trimmed down to 2', () => {
    expect(formatAmount('0.12345678', 'BTC')).toBe('0.12345678');
    expect(formatAmount('1.50000000', 'ETH')).toBe('1.50');
    expect(formatAmount('2.00000000', 'ETH')).toBe('2.00');
    expect(formatAmount('12000.00012000', 'DOGE')).toBe('12,000.00012');
    expect(formatAmount('5', 'SOL')).toBe('5.00');
  });

  it('signs changes: + for credits, - for debits, none for zero', () => {
    expect(formatSigned('250.50000000', 'USDT')).toBe('+250.50');
    expect(formatSigned('-250.50000000', 'USDT')).toBe('-250.50');
    expect(formatSigned('-0.00000001', 'USDT')).toBe('0.00');
    expect(formatSigned('-0.00000001', 'BTC')).toBe('-0.00000001');
    expect(formatSigned('0.00000000', 'BTC')).toBe('0.00');
  });

  it('knows a zero balance', () => {
    expect(isZero('0.00000000')).toBe(true);
    expect(isZero('0.00000001')).toBe(false);
  });
});

describe('comparing an amount with the balance', () => {
  it('compares exactly, in units', () => {
    expect(exceedsAvailable('100000.00000001', '100000.00000000')).toBe(true);
    expect(exceedsAvailable('100000', '100000.00000000')).toBe(false);
    expect(exceedsAvailable('0.1', '0.09999999')).toBe(true);
    // 0.1 + 0.2 would not equal 0.3 as JavaScript numbers; as units it does.
    expect(exceedsAvailable('0.3', '0.30000000')).toBe(false);
    expect(exceedsAvailable('99999999999.99999999', '99999999999.99999998')).toBe(true);
  });

  it('leaves amounts that do not parse to the other checks', () => {
    expect(exceedsAvailable('', '1')).toBe(false);
    expect(exceedsAvailable('abc', '1')).toBe(false);
    expect(exceedsAvailable('1.123456789', '1')).toBe(false);
  });
});
