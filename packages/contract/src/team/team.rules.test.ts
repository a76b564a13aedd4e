import { describe, expect, it } from 'vitest';
import { parseMoney } from '../money';
import {
  addDays,
  inWindow,
  isTransferDay,
  localDay,
  maskAccount,
  nextTransferDay,
  nextWindowOpen,
  rebateOf,
  releasable,
  releaseWindow,
  windowOn,
  zonedTime,
  type TeamCalendar,
} from './team.rules';

const LA: TeamCalendar = {
  timeZone: 'America/Los_Angeles',
  windowStart: '09:00',
  windowEnd: '18:00',
  transferDay: 25,
};
const utc = (text: string) => Date.parse(text);

describe('the release window in America/Los_Angeles', () => {
  it('is 09:00-18:00 PDT (UTC-7) in summer and PST (UTC-8) in winter', () => {
    expect(windowOn('2026-07-15', LA)).toEqual({
      from: utc('2026-07-15T16:00:00Z'),
      to: utc('2026-07-16T01:00:00Z'),
    });
    expect(windowOn('2026-12-15', LA)).toEqual({
      from: utc('2026-12-15T17:00:00Z'),
      to: utc('2026-12-16T02:00:00Z'),
    });
  });

  it('follows the spring-forward change (8 March 2026): the day before in PST, the day of it in PDT', () => {
    // A deposit on Saturday 7 March (PST) is released on Sunday 8 March, already PDT.
    const deposit = utc('2026-03-07T20:00:00Z'); // 12:00 PST
    expect(localDay(deposit, LA.timeZone)).toBe('2026-03-07');
    expect(releaseWindow(deposit, LA)).toEqual({
      from: utc('2026-03-08T16:00:00Z'),
      to: utc('2026-03-09T01:00:00Z'),
    });
    expect(windowOn('2026-03-07', LA).from).toBe(utc('2026-03-07T17:00:00Z'));
  });

  it('follows the fall-back change (1 November 2026): PDT before, PST on the day', () => {
    const trade = utc('2026-10-31T22:00:00Z'); // 15:00 PDT on the 31st
    expect(releaseWindow(trade, LA)).toEqual({
      from: utc('2026-11-01T17:00:00Z'),
      to: utc('2026-11-02T02:00:00Z'),
    });
    // The 1st has 25 hours; its last hour still belongs to it.
    expect(localDay(utc('2026-11-02T07:59:00Z'), LA.timeZone)).toBe('2026-11-01');
    expect(localDay(utc('2026-11-02T08:00:00Z'), LA.timeZone)).toBe('2026-11-02');
  });

  it('names the local day, not the UTC one', () => {
    // 23:30 PST on 24 November is already 25 November in UTC.
    expect(localDay(utc('2026-11-25T07:30:00Z'), LA.timeZone)).toBe('2026-11-24');
    expect(addDays('2026-02-28')).toBe('2026-03-01');
    expect(addDays('2028-02-28')).toBe('2028-02-29');
    expect(addDays('2026-12-31')).toBe('2027-01-01');
  });

  it('maps times skipped or repeated by a change to a real instant', () => {
    // 02:30 does not exist on 8 March 2026: moved on by the hour skipped, to 03:30 PDT.
    expect(zonedTime('2026-03-08', 150, LA.timeZone)).toBe(utc('2026-03-08T10:30:00Z'));
    // 01:30 happens twice on 1 November: the first one (PDT).
    expect(zonedTime('2026-11-01', 90, LA.timeZone)).toBe(utc('2026-11-01T08:30:00Z'));
  });

  it('releases only inside a window on or after the due day, catching up at the next one', () => {
    const due = releaseWindow(utc('2026-11-24T20:00:00Z'), LA); // due 25 November
    expect(releasable(due.from - 1, due, LA)).toBe(false);
    expect(releasable(due.from, due, LA)).toBe(true);
    expect(releasable(due.to - 1, due, LA)).toBe(true);
    expect(releasable(due.to, due, LA)).toBe(false); // 18:00: closed
    // Down through the whole window: released at 09:00 the day after, never at night.
    expect(releasable(utc('2026-11-26T10:00:00Z'), due, LA)).toBe(false);
    expect(releasable(utc('2026-11-26T17:00:00Z'), due, LA)).toBe(true);
    expect(nextWindowOpen(due.to, LA)).toBe(utc('2026-11-26T17:00:00Z'));
    expect(nextWindowOpen(due.from + 1000, LA)).toBe(due.from + 1000);
    expect(inWindow(utc('2026-11-25T16:59:59Z'), LA)).toBe(false);
  });
});

describe('the transfer day (the 25th in Los Angeles)', () => {
  it('is the 25th by the local calendar', () => {
    expect(isTransferDay(utc('2026-11-25T08:00:00Z'), LA)).toBe(true); // 00:00 PST
    expect(isTransferDay(utc('2026-11-25T07:59:59Z'), LA)).toBe(false); // 23:59 on the 24th
    expect(isTransferDay(utc('2026-11-26T07:59:59Z'), LA)).toBe(true);
    expect(isTransferDay(utc('2026-11-26T08:00:00Z'), LA)).toBe(false);
    // Summer: UTC-7.
    expect(isTransferDay(utc('2026-07-25T07:00:00Z'), LA)).toBe(true);
    expect(isTransferDay(utc('2026-07-25T06:59:00Z'), LA)).toBe(false);
  });

  it('names the next one, this month or the next, at local midnight', () => {
    expect(nextTransferDay(utc('2026-11-24T12:00:00Z'), LA)).toEqual({
      day: '2026-11-25',
      from: utc('2026-11-25T08:00:00Z'),
    });
    expect(nextTransferDay(utc('2026-11-25T12:00:00Z'), LA).day).toBe('2026-11-25');
    expect(nextTransferDay(utc('2026-12-26T12:00:00Z'), LA)).toEqual({
      day: '2027-01-25',
      from: utc('2027-01-25T08:00:00Z'),
    });
    expect(nextTransferDay(utc('2026-03-26T12:00:00Z'), LA).from).toBe(utc('2026-04-25T07:00:00Z'));
  });
});

describe('rebates and masks', () => {
  it('computes 3 % and 6.5 % exactly, rounding a fraction of a unit up', () => {
    expect(rebateOf(parseMoney('1000'), parseMoney('0.03'))).toBe(parseMoney('30'));
    expect(rebateOf(parseMoney('40'), parseMoney('0.065'))).toBe(parseMoney('2.6'));
    expect(rebateOf(1n, parseMoney('0.03'))).toBe(1n);
    expect(rebateOf(parseMoney('-5'), parseMoney('0.065'))).toBe(0n);
    expect(rebateOf(parseMoney('5'), 0n)).toBe(0n);
  });

  it('masks phones and emails', () => {
    expect(maskAccount('13800138000')).toBe('138****8000');
    expect(maskAccount('alice@example.com')).toBe('al***@example.com');
    expect(maskAccount('a@b.co')).toBe('a***@b.co');
  });
});
