/**
 * Wall-clock time in a named time zone, from Intl (daylight saving included), shared by the
 * products whose jobs run at a local time: financial dividends, team rebate release.
 */

/** Whether Intl knows the IANA time zone. */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A calendar date: year, month 1-12, day of the month. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** The wall-clock reading of an instant in a zone. */
export interface WallTime extends CalendarDate {
  hour: number;
  minute: number;
  second: number;
}

const formatters = /* @__PURE__ */ new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The wall-clock reading of an instant in a zone. */
export function wallTime(instant: number, zone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(instant)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

const DAY_MS = 86_400_000;

/** The zone's offset from UTC at an instant, in ms (east positive). */
function offsetAt(instant: number, zone: string): number {
  const w = wallTime(instant, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * The instant a local date and time happen in a zone. A time skipped by a DST change (02:30 on a
 * spring-forward day) is taken after the change (03:30), a repeated one (fall back) at its first
 * occurrence, as Temporal's "compatible" disambiguation does.
 */
export function zonedInstant(
  zone: string,
  date: CalendarDate,
  hour: number,
  minute: number,
): number {
  const local = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  const before = offsetAt(local - DAY_MS, zone);
  const after = offsetAt(local + DAY_MS, zone);
  const candidates = [...new Set([before, after])]
    .map((offset) => local - offset)
    .filter((instant) => {
      const w = wallTime(instant, zone);
      return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) === local;
    })
    .sort((a, b) => a - b);
  if (candidates.length) return candidates[0]!;
  // In a gap: the wall time does not exist; the same reading with the offset from before the
  // change lands after it.
  return local - before;
}

/** A calendar date `n` days after a date (plain calendar arithmetic, no zone). */
export function addCalendarDays(d: CalendarDate, n: number): CalendarDate {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + n));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}
