import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { fileOffsetClock } from './test-clock';

/** The moved clock exists for test runs only: any other start with TEST_CLOCK_FILE is refused. */
describe('the test clock', () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-clock-')), 'offset');

  it('is refused outside NODE_ENV=test, and absent when not asked for', () => {
    for (const nodeEnv of [undefined, '', 'production', 'development', 'TEST', 'test '])
      expect(() =>
        loadConfig({
          TEST_CLOCK_FILE: file,
          ...(nodeEnv === undefined ? {} : { NODE_ENV: nodeEnv }),
        }),
      ).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'production' }).testClockFile).toBeUndefined();
    expect(loadConfig({ TEST_CLOCK_FILE: file, NODE_ENV: 'test' }).testClockFile).toBe(file);
  });

  it('runs on the system time plus the file offset, and on the system time without the file', () => {
    fs.writeFileSync(file, String(86_400_000));
    const moved = fileOffsetClock(file).now() - Date.now();
    expect(moved).toBeGreaterThanOrEqual(86_400_000 - 1_000);
    expect(moved).toBeLessThanOrEqual(86_400_000 + 1_000);
    const none = fileOffsetClock(`${file}.missing`).now() - Date.now();
    expect(Math.abs(none)).toBeLessThan(1_000);
  });
});
