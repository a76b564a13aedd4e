import { describe, expect, it } from 'vitest';
import {
  DISPLAY_DECIMALS,
  displayAmount,
  displayPlaces,
  everyDigit,
  floorAtDisplay,
  neededAmount,
} from './display';

describe('one display rule per currency', () => {
  it('shows USDT to the cent and BTC to the satoshi, unlisted currencies with all 8 places', () => {
    expect(displayPlaces('USDT')).toBe(2);
    expect(displayPlaces('btc')).toBe(8);
    expect(displayPlaces('ETH')).toBe(6);
    expect(displayPlaces('NEWCOIN')).toBe(8);
    for (const places of Object.values(DISPLAY_DECIMALS)) {
      expect(places).toBeGreaterThanOrEqual(2);
      expect(places).toBeLessThanOrEqual(8);
    }
  });

  it('gives every amount of a currency the same places, cut and never rounded up', () => {
    expect(displayAmount('0.00000000', 'USDT')).toBe('0.00');
    expect(displayAmount('500', 'USDT')).toBe('500.00');
    expect(displayAmount('1234567.89999999', 'USDT')).toBe('1,234,567.89');
    expect(displayAmount('0.00001000', 'BTC')).toBe('0.00001000');
    expect(displayAmount('0', 'BTC')).toBe('0.00000000');
    expect(displayAmount('3.99999999', 'ETH')).toBe('3.999999');
    expect(displayAmount('-250.5', 'USDT')).toBe('-250.50');
    expect(displayAmount('12', 'DOGE')).toBe('12.00');
  });

  it('never shows an amount that is not zero as zero', () => {
    expect(displayAmount('0.00100000', 'USDT')).toBe('0.001');
    expect(displayAmount('0.00000005', 'USDT')).toBe('0.00000005');
    expect(displayAmount('-0.00400000', 'USDT')).toBe('-0.004');
    expect(displayAmount('0.00049', 'ETH')).toBe('0.000490');
    expect(displayAmount('0.0000001', 'ETH')).toBe('0.0000001');
    // Only a value that shows as zero gets more places: 0.019 stays 0.01.
    expect(displayAmount('0.019', 'USDT')).toBe('0.01');
  });

  it('takes a loss down to the display places, so that margin + P&L adds up to equity', () => {
    const cases: [wire: string, currency: string, taken: string][] = [
      ['-0.10770000', 'USDT', '-0.11000000'],
      ['-0.10000000', 'USDT', '-0.10000000'],
      ['-0.00000001', 'USDT', '-0.01000000'],
      ['0.10770000', 'USDT', '0.10770000'],
      ['-0.00000001', 'BTC', '-0.00000001'],
      ['-1234.5', 'ETH', '-1234.5'],
      ['-1234.5000001', 'ETH', '-1234.50000100'],
    ];
    for (const [wire, currency, taken] of cases)
      expect(floorAtDisplay(wire, currency), wire).toBe(taken);
    // Shown: -0.11 beside 199.89, never -0.10.
    expect(displayAmount(floorAtDisplay('-0.1077', 'USDT'), 'USDT')).toBe('-0.11');
    expect(displayAmount(floorAtDisplay('199.89230000', 'USDT'), 'USDT')).toBe('199.89');
  });

  it('says an amount asked for with every digit, at least the currency’s places, grouped', () => {
    expect(neededAmount('100.70000000', 'USDT')).toBe('100.70');
    expect(neededAmount('100.70500000', 'USDT')).toBe('100.705');
    expect(neededAmount('1000.00000000', 'USDT')).toBe('1,000.00');
    expect(neededAmount('0.00000001', 'USDT')).toBe('0.00000001');
    expect(neededAmount('1.5', 'BTC')).toBe('1.50000000');
    expect(everyDigit('95250.02000000', 2)).toBe('95,250.02');
    expect(everyDigit('95250', 2)).toBe('95,250.00');
  });
});
