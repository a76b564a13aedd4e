import { parseMoney, type MoneyProduct } from '@tidemark/contract';
import { describe, expect, it } from 'vitest';
import { formatExactText } from '../../ui/amount-format';
import { allAmount, purchaseTime, quote, shownTerms, utcOffsetLabel } from './financial-math';

describe('utcOffsetLabel', () => {
  const winter = Date.UTC(2026, 10, 25, 0, 0);
  const summer = Date.UTC(2026, 6, 1, 0, 0);

  it('names the offset of a zone at the instant, in Latin letters', () => {
    expect(utcOffsetLabel(winter, 'UTC')).toBe('UTC');
    expect(utcOffsetLabel(winter, 'Europe/Berlin')).toBe('UTC+1');
    expect(utcOffsetLabel(summer, 'Europe/Berlin')).toBe('UTC+2');
    expect(utcOffsetLabel(winter, 'Asia/Kolkata')).toBe('UTC+5:30');
    expect(utcOffsetLabel(winter, 'America/New_York')).toBe('UTC-5');
  });
});

const product: MoneyProduct = {
  id: 1,
  tier: 'beginner',
  name: 'USDT Starter 7D',
  days: 7,
  dailyRate: '0.00020000',
  yearlyRate: '0.07300000',
  minAmount: '10.00000000',
  maxAmount: '5000.00000000',
  capacity: '1000000.00000000',
  remaining: '1000000.00000000',
  dividendTime: '00:00',
  timeZone: 'UTC',
  penaltyRate: '0.00500000',
  lock: false,
  saleStart: null,
  saleEnd: null,
  status: 'selling',
};

describe('allAmount', () => {
  it('is the smallest of the balance, the per-order maximum and what remains, in cents', () => {
    expect(allAmount(product, '9000.00000000')).toBe('5000');
    expect(allAmount(product, '123.45670000')).toBe('123.45');
    expect(allAmount({ ...product, remaining: '300.00000000' }, '9000.00000000')).toBe('300');
    expect(allAmount(product, '0.00400000')).toBeNull();
    expect(allAmount(product, undefined)).toBeNull();
  });
});

describe('quote', () => {
  it('gives lines that add up when shown in full: penalty + early principal = amount', () => {
    const q = quote(product, '10.12')!;
    expect(parseMoney(q.penalty) + parseMoney(q.earlyPrincipal)).toBe(parseMoney('10.12'));
    expect(formatExactText(q.penalty, 'USDT')).toBe('0.0506 USDT');
    expect(formatExactText(q.earlyPrincipal, 'USDT')).toBe('10.0694 USDT');
    const five = quote(product, '5')!;
    expect(formatExactText(five.income, 'USDT')).toBe('0.007 USDT');
    expect(formatExactText(five.total, 'USDT')).toBe('5.007 USDT');
  });
});

describe('purchaseTime and shownTerms', () => {
  it('schedules a package not yet on sale from its start, never from today', () => {
    const start = Date.UTC(2026, 11, 20, 8, 0);
    const now = Date.UTC(2026, 11, 7, 8, 0);
    expect(purchaseTime({ ...product, status: 'upcoming', saleStart: start }, now)).toBe(start);
    expect(purchaseTime(product, now)).toBe(now);
  });
  it('sends the terms the sheet states', () => {
    expect(shownTerms(product)).toEqual({
      dailyRate: '0.00020000',
      days: 7,
      penaltyRate: '0.00500000',
      lock: false,
    });
  });
});
