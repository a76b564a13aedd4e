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
