import { describe, expect, it } from 'vitest';
import {
  changedTerms,
  coverage,
  minMaxValid,
  returnRateAboveZero,
  termsOf,
  type TermsValues,
} from './terms';
import { rateAtMostOne, ratePercent } from '../../ui/format';

const before: TermsValues = {
  returnRate: '0.85',
  lossRate: '1',
  minAmount: '10',
  maxAmount: '10000',
  enabled: true,
};

describe('termsOf', () => {
  it('shows the wire decimals without trailing zeros', () => {
    expect(
      termsOf({
        id: 1,
        symbol: 'BTCUSDT',
        seconds: 60,
        returnRate: '0.85000000',
        lossRate: '1.00000000',
        minAmount: '10.00000000',
        maxAmount: '10000.00000000',
        enabled: false,
        updatedAt: 0,
      }),
    ).toEqual({ ...before, enabled: false });
  });
});

describe('changedTerms', () => {
  it('sends nothing when nothing changed, however the same value is typed', () => {
    expect(changedTerms(before, { ...before, returnRate: '0.850', minAmount: '10.0' })).toEqual({});
  });

  it('sends only what changed', () => {
    expect(changedTerms(before, { ...before, returnRate: '0.9 ', enabled: false })).toEqual({
      returnRate: '0.9',
      enabled: false,
    });
  });

  it('sends a value it cannot read, for the server to refuse with its reason', () => {
    expect(changedTerms(before, { ...before, maxAmount: 'lots' })).toEqual({ maxAmount: 'lots' });
  });
});

describe('the terms rules', () => {
  it('allows a return or loss rate up to 1 (100 %) and no more', () => {
    expect(rateAtMostOne('1')).toBe(true);
    expect(rateAtMostOne('0')).toBe(true);
    expect(rateAtMostOne(' 0.85 ')).toBe(true);
    expect(rateAtMostOne('1.00000001')).toBe(false);
    // "80" typed for 80 %: 8,000 % is refused.
    expect(rateAtMostOne('80')).toBe(false);
  });

  it('wants a return rate above 0: a win must pay beyond the stake', () => {
    expect(returnRateAboveZero('0')).toBe(false);
    expect(returnRateAboveZero(' 0.00 ')).toBe(false);
    expect(returnRateAboveZero('0.00000001')).toBe(true);
    // What is not a number yet is the field's own rule to refuse.
    expect(returnRateAboveZero('abc')).toBe(true);
  });

  it('wants a minimum above 0 and not over the maximum', () => {
    expect(minMaxValid('10', '10')).toBe(true);
    expect(minMaxValid('0', '10')).toBe(false);
    expect(minMaxValid('11', '10')).toBe(false);
    expect(minMaxValid('9.99999999', '10')).toBe(true);
  });
});

describe('ratePercent', () => {
  it('shows a fraction as an exact percentage', () => {
    expect(ratePercent('0.85000000')).toBe('85%');
    expect(ratePercent('0.075')).toBe('7.5%');
    expect(ratePercent('1.5')).toBe('150%');
    expect(ratePercent('0.00000001')).toBe('0.000001%');
    expect(ratePercent('x')).toBe('-');
  });
});

describe('coverage', () => {
  it('is how many times the pool covers the worst case, rounded down', () => {
    expect(coverage('1000', '400')).toBe('2.5');
    expect(coverage('1000', '1000')).toBe('1');
    expect(coverage('1000', '3000')).toBe('0.33');
    expect(coverage('10', '100000')).toBe('0');
  });

  it('is null when nothing is at stake', () => {
    expect(coverage('1000', '0')).toBeNull();
  });
});
