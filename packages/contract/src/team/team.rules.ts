import { mulMoney } from '../money';
import {
  addCalendarDays,
  isTimeZone,
  wallTime,
  zonedInstant,
  type WallTime,
} from '../rules/zoned-time';

/** One definition for every product (rules/zoned-time.ts). */
export { isTimeZone };

/**
 * The team's calendar and arithmetic, pure and shared by the server (which releases and refuses
 * by them) and the app (which shows when a window or the 25th comes). Every local time is read
 * in the configured time zone through Intl, so a daylight-saving change moves the window with
 * the clocks of that zone instead of by a fixed offset.
 */

/** A calendar day in the team's time zone: "2026-11-24". */
export type LocalDay = string;

export interface TeamCalendar {
  /** IANA zone the platform's day is kept in: "America/Los_Angeles". */
  timeZone: string;
  /** Release window on the day after the source, local "HH:MM" (start inclusive, end exclusive). */
  windowStart: string;
  windowEnd: string;
  /** Day of the month on which earnings may be transferred or withdrawn. */
  transferDay: number;
}

export type ZonedParts = WallTime;

/** The wall-clock reading of an instant in a zone (rules/zoned-time.ts). */
export const zonedParts: (ms: number, timeZone: string) => ZonedParts = wallTime;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The local calendar day of an instant. */
export function localDay(ms: number, timeZone: string): LocalDay {
  const p = zonedParts(ms, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

function dayParts(day: LocalDay): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number);
  return [y!, m!, d!];
}

/** The calendar day after (or `n` days after) a day; calendar arithmetic, no zone involved. */
export function addDays(day: LocalDay, n = 1): LocalDay {
  const [year, month, d] = dayParts(day);
  const t = addCalendarDays({ year, month, day: d }, n);
  return `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}`;
}

/** "HH:MM" as minutes after midnight, or null when it is no time of day. */
export function minutesOf(text: string): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h < 24 && min < 60 ? h * 60 + min : null;
}

/**
 * The instant a local wall-clock time of a day happens in a zone: a time skipped by a
 * spring-forward moves on by the gap (02:30 becomes 03:30), an ambiguous one (fall back) is its
 * first occurrence (rules/zoned-time.ts zonedInstant).
 */
export function zonedTime(day: LocalDay, minutes: number, timeZone: string): number {
  const [year, month, d] = dayParts(day);
  return zonedInstant(timeZone, { year, month, day: d }, Math.floor(minutes / 60), minutes % 60);
}

export interface TimeWindow {
  from: number;
  to: number;
}

/** A day's release window as instants. */
export type WindowCalendar = Pick<TeamCalendar, 'timeZone' | 'windowStart' | 'windowEnd'>;

export function windowOn(day: LocalDay, calendar: WindowCalendar): TimeWindow {
  return {
    from: zonedTime(day, minutesOf(calendar.windowStart) ?? 0, calendar.timeZone),
    to: zonedTime(day, minutesOf(calendar.windowEnd) ?? 0, calendar.timeZone),
  };
}

/** The window in which a rebate whose source posted at `sourceAt` is released: the next day's. */
export function releaseWindow(sourceAt: number, calendar: WindowCalendar): TimeWindow {
  return windowOn(addDays(localDay(sourceAt, calendar.timeZone)), calendar);
}

/** Whether an instant lies inside that day's window (local time between start and end). */
export function inWindow(ms: number, calendar: WindowCalendar): boolean {
  const w = windowOn(localDay(ms, calendar.timeZone), calendar);
  return ms >= w.from && ms < w.to;
}

/**
 * Whether a rebate due in `due` may be released at `now`: inside its own window, or, after
 * downtime past it, inside the window of a later day (caught up once, never outside a window).
 */
export function releasable(now: number, due: TimeWindow, calendar: WindowCalendar): boolean {
  return now >= due.from && inWindow(now, calendar);
}

/** The next moment a window opens at or after `ms` (`ms` itself inside a window). */
export function nextWindowOpen(ms: number, calendar: WindowCalendar): number {
  if (inWindow(ms, calendar)) return ms;
  const today = localDay(ms, calendar.timeZone);
  const w = windowOn(today, calendar);
  return ms < w.from ? w.from : windowOn(addDays(today), calendar).from;
}

/** Whether earnings may move at `ms`: the local day of the month is the transfer day. */
export function isTransferDay(ms: number, calendar: TeamCalendar): boolean {
  return zonedParts(ms, calendar.timeZone).day === calendar.transferDay;
}

/** Local midnight starting the next transfer day at or after `ms` (`ms`'s own day if it is one). */
export function nextTransferDay(
  ms: number,
  calendar: TeamCalendar,
): { day: LocalDay; from: number } {
  const p = zonedParts(ms, calendar.timeZone);
  let year = p.year;
  let month = p.month;
  if (p.day > calendar.transferDay) {
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  const day = `${pad(year, 4)}-${pad(month)}-${pad(calendar.transferDay)}`;
  return { day, from: zonedTime(day, 0, calendar.timeZone) };
}

/** A rebate: the base times the rate, rounded up (in the platform's disfavour, DESIGN.md 1.4). */
export function rebateOf(base: bigint, rate: bigint): bigint {
  return base > 0n && rate > 0n ? mulMoney(base, rate, 'up') : 0n;
}

/**
 * A trader's account as others see it: "138****5678" for a phone, "ab***@example.com" for an
 * email, so a friend is recognisable to the one who invited them and to nobody else.
 */
export function maskAccount(account: string): string {
  const at = account.indexOf('@');
  if (at > 0) {
    const name = account.slice(0, at);
    return `${name.slice(0, Math.min(2, Math.max(1, name.length - 1)))}***${account.slice(at)}`;
  }
  const digits = account.replace(/\s+/g, '');
  if (digits.length <= 4) return `${digits.slice(0, 1)}***`;
  return `${digits.slice(0, 3)}****${digits.slice(-4)}`;
}
