import fs from 'node:fs';
import type { Clock } from './clock';

/** How long a read offset is trusted before the file is looked at again. */
const REREAD_MS = 50;

/**
 * A test run's clock (TEST_CLOCK_FILE, only with NODE_ENV=test, see config.ts): the system time
 * plus the offset in ms the file holds, re-read as the test moves it. A missing or unreadable
 * file is offset 0. There is no call of the API that moves it; deployments never have the file.
 */
export function fileOffsetClock(file: string): Clock {
  let offset = 0;
  let readAt = -Infinity;
  return {
    now() {
      const real = Date.now();
      if (real - readAt >= REREAD_MS) {
        readAt = real;
        try {
          const value = Number(fs.readFileSync(file, 'utf8').trim());
          offset = Number.isFinite(value) ? value : 0;
        } catch {
          offset = 0;
        }
      }
      return real + offset;
    },
  };
}
