import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoneyText, formatSigned, formatUsdt } from './amount-format';

describe('amounts for display, one rule per currency', () => {
  it('shows USDT with 2 places, grouped by thousands, truncated', () => {
    expect(formatUsdt('100000.00000000')).toBe('100,000.00');
    expect(formatAmount('1234567.89999999', 'USDT')).toBe('1,234,567.89');
    expect(formatUsdt('0.00000000')).toBe('0.00');
    expect(formatMoneyText('0', 'USDT')).toBe('0.00 USDT');
  });

  it('shows each coin with its own fixed places, whatever the page', () => {
    expect(formatAmount('0.12345678', 'BTC')).toBe('0.12345678');
    expect(formatAmount('0.00001', 'BTC')).toBe('0.00001000');
    expect(formatAmount('0', 'BTC')).toBe('0.00000000');
    expect(formatAmount('1.50000000', 'ETH')).toBe('1.500000');
    expect(formatAmount('12000.00012000', 'DOGE')).toBe('12,000.00');
    expect(formatAmount('5', 'SOL')).toBe('5.00000');
  });

  it('never rounds a fee or a small amount to zero', () => {
    expect(formatMoneyText('0.00100000', 'USDT')).toBe('0.001 USDT');
    expect(formatAmount('0.00000300', 'DOGE')).toBe('0.000003');
  });

  it('signs changes: + for credits, - for debits, none for zero', () => {
    expect(formatSigned('250.50000000', 'USDT')).toBe('+250.50');
    expect(formatSigned('-250.50000000', 'USDT')).toBe('-250.50');
    expect(formatSigned('-0.00000001', 'USDT')).toBe('-0.00000001');
    expect(formatSigned('-0.00000001', 'BTC')).toBe('-0.00000001');
    expect(formatSigned('0.00000000', 'BTC')).toBe('0.00000000');
    expect(formatSigned('0.00000000', 'USDT')).toBe('0.00');
  });
});
