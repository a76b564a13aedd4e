import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  divMoney,
  formatMoney,
  hasPrecision,
  MONEY_UNIT,
  mulDiv,
  mulMoney,
  parseMoney,
  roundMoney,
  tryParseMoney,
} from './money';

const money = fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n });
const positive = fc.bigInt({ min: 1n, max: 10n ** 18n });

describe('parseMoney and formatMoney', () => {
  it('parses decimal strings into 1e-8 units', () => {
    expect(parseMoney('1')).toBe(MONEY_UNIT);
    expect(parseMoney('0.125')).toBe(12_500_000n);
    expect(parseMoney('0.00000001')).toBe(1n);
    expect(parseMoney('-2.5')).toBe(-250_000_000n);
    expect(parseMoney('100000')).toBe(10_000_000_000_000n);
  });

  it('refuses anything that is not a plain decimal with at most 8 places', () => {
    for (const bad of [
      '',
      '.5',
      '1.',
      '1e3',
      '1,000',
      ' 1',
      '1 ',
      '0x10',
      'NaN',
      '1.000000001',
      '--1',
      '+1',
    ]) {
      expect(tryParseMoney(bad), bad).toBeNull();
    }
    expect(() => parseMoney('1.23', 1)).toThrow();
    expect(parseMoney('1.2', 1)).toBe(120_000_000n);
  });

  it('formats with 8 places on the wire, or fewer on request, truncating', () => {
    expect(formatMoney(12_500_000n)).toBe('0.12500000');
    expect(formatMoney(-1n)).toBe('-0.00000001');
    expect(formatMoney(0n)).toBe('0.00000000');
    expect(formatMoney(123_456_789n, 2)).toBe('1.23');
    expect(formatMoney(-99n, 2)).toBe('0.00');
    expect(formatMoney(5n * MONEY_UNIT, 0)).toBe('5');
  });

  it('round-trips every amount exactly', () => {
    fc.assert(fc.property(money, (units) => parseMoney(formatMoney(units)) === units));
  });
});

describe('rounding', () => {
  it('rounds down toward minus infinity and up toward plus infinity', () => {
    expect(mulDiv(7n, 1n, 2n, 'down')).toBe(3n);
    expect(mulDiv(7n, 1n, 2n, 'up')).toBe(4n);
    expect(mulDiv(-7n, 1n, 2n, 'down')).toBe(-4n);
    expect(mulDiv(-7n, 1n, 2n, 'up')).toBe(-3n);
    expect(mulDiv(6n, 1n, 2n, 'up')).toBe(3n);
  });

  it('is off by less than one unit, in the stated direction', () => {
    fc.assert(
      fc.property(money, money, positive, (a, b, c) => {
        const down = mulDiv(a, b, c, 'down');
        const up = mulDiv(a, b, c, 'up');
        const exact = a * b;
        return down * c <= exact && up * c >= exact && up - down <= 1n;
      }),
    );
  });

  it('multiplies and divides amounts and prices', () => {
    // 0.5 BTC at 64,123.45 USDT = 32,061.725 USDT
    expect(formatMoney(mulMoney(parseMoney('0.5'), parseMoney('64123.45'), 'down'))).toBe(
      '32061.72500000',
    );
    // 100 USDT / 3 USDT per coin = 33.33333333 coins, rounded down; up gives ...34
    expect(formatMoney(divMoney(parseMoney('100'), parseMoney('3'), 'down'))).toBe('33.33333333');
    expect(formatMoney(divMoney(parseMoney('100'), parseMoney('3'), 'up'))).toBe('33.33333334');
    expect(() => divMoney(1n, 0n, 'down')).toThrow(RangeError);
  });

  it('rounds to a product precision', () => {
    expect(formatMoney(roundMoney(parseMoney('1.23456789'), 2, 'down'))).toBe('1.23000000');
    expect(formatMoney(roundMoney(parseMoney('1.23456789'), 2, 'up'))).toBe('1.24000000');
    expect(hasPrecision(parseMoney('1.23'), 2)).toBe(true);
    expect(hasPrecision(parseMoney('1.234'), 2)).toBe(false);
    fc.assert(
      fc.property(money, fc.integer({ min: 0, max: 8 }), (v, d) =>
        hasPrecision(roundMoney(v, d, 'down'), d),
      ),
    );
  });
});
