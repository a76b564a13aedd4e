import { describe, expect, it } from 'vitest';
import { allCalls } from '../calls';
import { listConsoleCalls } from '../console/index';
import * as optionsCalls from './options.calls';
import * as optionsConsole from './options.console';
import { canonicalJson, MAX_RETURN_RATE, optionOutcome, validRates } from './options.rules';

/** SPEC.md section 7 "Options", as spec/endpoints.tsv spells them. */
const SPEC_CALLS = [
  'POST /currencyorder/insertCurrencyOrder',
  'POST /currencyorder/insertOrderMoney',
  'GET /currencyorder/findUserOrderList',
  'GET /currencyorder/findNowCurrencyOrder',
  'GET /currencyorder/findCurrencyOrderResult',
  'GET /periodsorder/findUserOrderList',
  'GET /periods/findH5ProductPeriodsPage',
  'GET /periodsorder/findNowPeriodsOrder',
];

describe('the options contract', () => {
  const calls = Object.values(optionsCalls);
  it('has every call of the spec, spelled as the spec spells it, and marks the rest as ours', () => {
    const named = calls.map((c) => `${c.method} ${c.path}`);
    expect(named).toEqual(expect.arrayContaining(SPEC_CALLS));
    for (const call of calls) {
      expect(Boolean(call.ours)).toBe(!SPEC_CALLS.includes(`${call.method} ${call.path}`));
      expect(allCalls).toContain(call);
    }
  });
  it('takes an Idempotency-Key on every call that moves money', () => {
    const moving = calls.filter((c) => c.method === 'POST').map((c) => c.path);
    expect(moving.sort()).toEqual([
      '/currencyorder/insertCurrencyOrder',
      '/currencyorder/insertOrderMoney',
      '/periodsorder/cancelPeriodsOrder',
      '/periodsorder/insertPeriodsOrder',
    ]);
    for (const c of calls) expect(Boolean(c.idempotent)).toBe(c.method === 'POST');
  });
  it('parses the issue’s field names and refuses a bad direction or amount with catalogue keys', () => {
    const input = { symbol: 'btc/usdt', direction: 'long', amount: '10', periodId: '3' };
    expect(optionsCalls.insertCurrencyOrder.input.parse(input)).toEqual({
      symbol: 'BTC/USDT',
      direction: 'long',
      amount: '10',
      periodId: 3,
    });
    const bad = optionsCalls.insertCurrencyOrder.input.safeParse({ ...input, direction: 'up' });
    expect(bad.error?.issues[0]?.message).toBe('invalidInput');
    const zero = optionsCalls.insertCurrencyOrder.input.safeParse({ ...input, amount: '0' });
    expect(zero.error?.issues[0]?.message).toBe('incorrectAmount');
  });
  it('puts the operator’s option calls into the console’s list', () => {
    const consoleCalls = listConsoleCalls();
    for (const call of Object.values(optionsConsole)) {
      if (typeof call === 'object' && call !== null && 'roles' in call)
        expect(consoleCalls).toContain(call);
    }
  });
  it('shares the outcome and canonical JSON the verify page recomputes with', () => {
    expect(
      optionOutcome({
        direction: 'short',
        stake: 100n,
        returnRate: 50_000_000n,
        lossRate: 100_000_000n,
        strike: 2n,
        settle: 1n,
      }),
    ).toEqual({ outcome: 'win', payout: 150n });
    expect(canonicalJson({ z: null, a: { c: 1, b: 'x' } })).toBe('{"a":{"b":"x","c":1},"z":null}');
  });
  it('takes a return rate above 0 up to 1 and a loss rate from 0 to 1: above 100 % would lose the pool every even bet', () => {
    expect(MAX_RETURN_RATE).toBe(100_000_000n);
    expect(validRates(85_000_000n, 100_000_000n)).toBe(true);
    // A win must pay something beyond the stake: a return rate of 0 is no product.
    expect(validRates(0n, 0n)).toBe(false);
    expect(validRates(1n, 0n)).toBe(true);
    expect(validRates(100_000_000n, 100_000_000n)).toBe(true);
    expect(validRates(100_000_001n, 100_000_000n)).toBe(false);
    expect(validRates(8_000_000_000n, 100_000_000n)).toBe(false);
    expect(validRates(85_000_000n, 100_000_001n)).toBe(false);
    expect(validRates(-1n, 0n)).toBe(false);
    expect(validRates(1n, -1n)).toBe(false);
  });

  it('refuses a rate that is not a decimal fraction with the rate’s own text', () => {
    const input = optionsConsole.setOptionPeriod.input;
    for (const returnRate of ['-0.1', 'abc', '0.123456789'])
      expect(input.safeParse({ id: '1', returnRate }).error?.issues[0]?.message).toBe(
        'rateInvalid',
      );
    expect(input.safeParse({ id: '1', returnRate: ' 0.85 ' }).success).toBe(true);
  });
});
