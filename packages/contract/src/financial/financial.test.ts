import { describe, expect, it } from 'vitest';
import { parseMoney } from '../money';
import {
  coverableAmount,
  dailyInterest,
  dividendRun,
  dividendRuns,
  expectedProfit,
  orderSchedule,
  redemption,
  yearlyRate,
  zonedInstant,
} from './financial.rules';
import { buyMoneyProduct } from './financial.calls';

const m = parseMoney;
const HOUR = 3_600_000;

describe('interest', () => {
  it('pays amount x daily rate a day, rounded up to the unit (the platform’s disfavour)', () => {
    expect(dailyInterest(m('1000'), m('0.0003'))).toBe(m('0.3'));
    // 333.33333333 x 0.0003 = 0.099999999999: one unit up.
    expect(dailyInterest(m('333.33333333'), m('0.0003'))).toBe(m('0.1'));
    expect(dailyInterest(m('0.00000001'), m('0.0001'))).toBe(1n);
  });
  it('expects days x one day’s interest, exactly what the days pay', () => {
    expect(expectedProfit(m('1000'), m('0.0003'), 30)).toBe(m('9'));
    expect(expectedProfit(m('333.33333333'), m('0.0003'), 7)).toBe(m('0.7'));
  });
  it('shows the daily rate as a yearly one (x 365, simple)', () => {
    expect(yearlyRate(m('0.0002'))).toBe(m('0.073'));
  });
  it('names the largest amount the reserve’s headroom can still fund', () => {
    const a = coverableAmount(m('9'), m('0.0003'), 30);
    expect(a).toBe(m('1000'));
    expect(expectedProfit(a, m('0.0003'), 30)).toBeLessThanOrEqual(m('9'));
    expect(expectedProfit(a + 1n, m('0.0003'), 30)).toBeGreaterThan(m('9'));
    expect(coverableAmount(0n, m('0.0003'), 30)).toBe(0n);
    expect(coverableAmount(-5n, m('0.0003'), 30)).toBe(0n);
  });
});

describe('penalty', () => {
  it('takes principal x penalty rate, rounded down, and returns the rest', () => {
    expect(redemption(m('1000'), m('0.01'))).toEqual({ penalty: m('10'), principal: m('990') });
    expect(redemption(m('0.00000099'), m('0.01'))).toEqual({ penalty: 0n, principal: 99n });
    expect(redemption(m('500'), 0n)).toEqual({ penalty: 0n, principal: m('500') });
  });
});

describe('the dividend clock', () => {
  it('runs at the dividend time of each local day, first strictly after the purchase', () => {
    const start = Date.UTC(2026, 10, 24, 10, 0); // 10:00 UTC
    expect(dividendRuns(start, '12:00', 'UTC', 2)).toEqual([
      Date.UTC(2026, 10, 24, 12),
      Date.UTC(2026, 10, 25, 12),
    ]);
    expect(dividendRun(Date.UTC(2026, 10, 24, 12), 1, '12:00', 'UTC')).toBe(
      Date.UTC(2026, 10, 25, 12),
    );
  });
  it('keeps the local time across DST: 23 h and 25 h days in New York', () => {
    // 2026-03-08 spring forward, 2026-11-01 fall back (America/New_York).
    const runs = dividendRuns(Date.UTC(2026, 2, 6, 12), '09:00', 'America/New_York', 3);
    expect(runs[1]! - runs[0]!).toBe(24 * HOUR);
    expect(runs[2]! - runs[1]!).toBe(23 * HOUR);
    const fall = dividendRuns(Date.UTC(2026, 9, 30, 20), '09:00', 'America/New_York', 3);
    expect(fall[1]! - fall[0]!).toBe(25 * HOUR);
    expect(new Date(fall[2]!).toISOString()).toBe('2026-11-02T14:00:00.000Z');
  });
  it('takes a skipped local time after the change and a repeated one at its first occurrence', () => {
    // 02:30 does not exist on 2026-03-08 in New York: 03:30 EDT.
    expect(zonedInstant('America/New_York', { year: 2026, month: 3, day: 8 }, 2, 30)).toBe(
      Date.UTC(2026, 2, 8, 7, 30),
    );
    // 01:30 happens twice on 2026-11-01: the first, EDT (05:30 UTC).
    expect(zonedInstant('America/New_York', { year: 2026, month: 11, day: 1 }, 1, 30)).toBe(
      Date.UTC(2026, 10, 1, 5, 30),
    );
    expect(zonedInstant('Asia/Kolkata', { year: 2026, month: 1, day: 1 }, 0, 0)).toBe(
      Date.UTC(2025, 11, 31, 18, 30),
    );
  });
  it('returns the principal at the first run at or after the end of the term', () => {
    const start = Date.UTC(2026, 10, 24, 10);
    const s = orderSchedule(start, 7, '00:00', 'UTC');
    expect(s.interestRun(1)).toBe(Date.UTC(2026, 10, 25));
    expect(s.interestRun(7)).toBe(Date.UTC(2026, 11, 1));
    expect(s.endTime).toBe(Date.UTC(2026, 11, 1, 10));
    expect(s.principalRun).toBe(Date.UTC(2026, 11, 2));
    // Bought exactly at a run: that run is not the first.
    const at = orderSchedule(Date.UTC(2026, 10, 24), 1, '00:00', 'UTC');
    expect(at.interestRun(1)).toBe(Date.UTC(2026, 10, 25));
    expect(at.principalRun).toBe(Date.UTC(2026, 10, 25));
  });
});

describe('buying with the terms the trader saw', () => {
  it('takes the rate, term, penalty and lock as optional fields, the old input still valid', () => {
    const input = buyMoneyProduct.input;
    expect(input.safeParse({ productId: 1, amount: '10' }).success).toBe(true);
    const full = input.safeParse({
      productId: 1,
      amount: '10',
      dailyRate: '0.00020000',
      days: 7,
      penaltyRate: '0.005',
      lock: false,
    });
    expect(full.data).toMatchObject({ days: 7, lock: false, penaltyRate: '0.005' });
    expect(input.safeParse({ productId: 1, amount: '10', dailyRate: 'x' }).success).toBe(false);
    expect(input.safeParse({ productId: 1, amount: '10', days: 0 }).success).toBe(false);
  });
});
