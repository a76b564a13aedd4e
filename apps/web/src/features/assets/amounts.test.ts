import { describe, expect, it } from 'vitest';
import { exceedsAvailable, isZero } from './amounts';

describe('zero balances', () => {
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
