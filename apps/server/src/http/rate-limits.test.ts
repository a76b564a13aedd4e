import { describe, expect, it } from 'vitest';
import { captchaRules, ConfigError, loadConfig } from '../config';
import type { DomainError } from './domain-error';
import { tooManyFor } from './rate-limits';

function refusal(waitMs: number): Pick<DomainError, 'key' | 'params' | 'httpStatus' | 'extras'> {
  const { key, params, httpStatus, extras } = tooManyFor(waitMs);
  return { key, params, httpStatus, extras };
}

describe('tooManyFor', () => {
  it('says a wait under a minute in seconds, rounded up', () => {
    expect(refusal(45_000)).toEqual({
      key: 'tooManyWaitSeconds',
      params: { seconds: 45 },
      httpStatus: 429,
      extras: { retryAfter: 45 },
    });
    expect(refusal(44_001).params).toEqual({ seconds: 45 });
    // 59.999 s round up to a whole minute.
    expect(refusal(59_999)).toMatchObject({ key: 'tooManyWaitMinutes', params: { minutes: 1 } });
  });

  it('says a wait of a minute or more in whole minutes, rounded up, with the exact seconds', () => {
    expect(refusal(60_000)).toMatchObject({
      key: 'tooManyWaitMinutes',
      params: { minutes: 1 },
      extras: { retryAfter: 60 },
    });
    expect(refusal(61_000)).toMatchObject({ params: { minutes: 2 }, extras: { retryAfter: 61 } });
    expect(refusal(15 * 60_000)).toMatchObject({
      params: { minutes: 15 },
      extras: { retryAfter: 900 },
    });
  });

  it('never says to wait less than a second', () => {
    for (const wait of [0, -5, 1, 999]) {
      expect(refusal(wait)).toMatchObject({
        key: 'tooManyWaitSeconds',
        params: { seconds: 1 },
        extras: { retryAfter: 1 },
      });
    }
  });
});

describe('captcha rules', () => {
  it('ask for the image after 3 failures or 3 unused codes by default', () => {
    expect(loadConfig({}).captcha).toEqual({
      afterFailures: 3,
      failureWindowMs: 15 * 60_000,
      afterCodes: 3,
      codeWindowMs: 60 * 60_000,
    });
  });

  it('take the count from CAPTCHA_AFTER_FAILURES', () => {
    expect(loadConfig({ CAPTCHA_AFTER_FAILURES: '5' }).captcha).toEqual(captchaRules(5));
    expect(captchaRules(5)).toMatchObject({ afterFailures: 5, afterCodes: 5 });
  });

  it('refuse a count that is not a whole number from 1 to 100', () => {
    for (const bad of ['0', '101', '2.5', 'three']) {
      expect(() => loadConfig({ CAPTCHA_AFTER_FAILURES: bad })).toThrow(ConfigError);
    }
  });
});
