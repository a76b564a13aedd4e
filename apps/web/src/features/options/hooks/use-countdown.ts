import { useEffect, useState } from 'react';
import { serverNow } from '../../../api/server-clock';
import { secondsLeft } from '../option-math';

/** How often the display is refreshed: under a second, so no second is skipped or shown twice. */
const TICK_MS = 250;

/**
 * Seconds left until `end` (ms, server time), by the server's clock as this client knows it (the
 * x-server-time offset), so a phone whose clock is off still counts down to the real expiry.
 * A local timer only: nothing is fetched; it stops at zero.
 */
export function useCountdown(end: number | null): number {
  const [now, setNow] = useState(serverNow);
  const done = end === null || secondsLeft(end, now) === 0;
  useEffect(() => {
    if (done) return;
    const timer = setInterval(() => setNow(serverNow()), TICK_MS);
    return () => clearInterval(timer);
  }, [done]);
  return end === null ? 0 : secondsLeft(end, now);
}
