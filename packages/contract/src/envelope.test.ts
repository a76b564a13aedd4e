import { describe, expect, it } from 'vitest';
import { isCaptchaRequired } from './envelope';

describe('isCaptchaRequired', () => {
  it('is true only for data whose captchaRequired is true', () => {
    expect(isCaptchaRequired({ captchaRequired: true })).toBe(true);
    expect(isCaptchaRequired({ captchaRequired: true, other: 1 })).toBe(true);
    for (const data of [
      null,
      undefined,
      true,
      'captchaRequired',
      {},
      { captchaRequired: false },
      { captchaRequired: 'true' },
      { captchaRequired: 1 },
      [true],
    ]) {
      expect(isCaptchaRequired(data)).toBe(false);
    }
  });
});
