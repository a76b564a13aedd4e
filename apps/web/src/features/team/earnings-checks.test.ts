import { describe, expect, it } from 'vitest';
import { fits, overAvailable } from './earnings-checks';

describe('the earnings sheets’ amount', () => {
  it('fits above zero and up to what is available', () => {
    expect(fits('30', '30.00000000')).toBe(true);
    expect(fits('0.5', '30.00000000')).toBe(true);
    expect(fits('31', '30.00000000')).toBe(false);
    expect(fits('0', '30.00000000')).toBe(false);
    expect(fits('', '30.00000000')).toBe(false);
  });

  it('names an amount over what is available as the reason, and nothing else', () => {
    expect(overAvailable('31', '30.00000000')).toBe(true);
    expect(overAvailable('30.00000001', '30.00000000')).toBe(true);
    expect(overAvailable('30', '30.00000000')).toBe(false);
    expect(overAvailable('', '30.00000000')).toBe(false);
    expect(overAvailable('0', '30.00000000')).toBe(false);
    expect(overAvailable('1.', '0.00000000')).toBe(true);
  });
});
