import { Secret, TOTP } from 'otpauth';
import { describe, expect, it, vi } from 'vitest';
import { isFreshNewsign, newsign, NEWSIGN_DEFAULT_SECRET } from './newsign';

describe('newsign', () => {
  const t0 = Date.UTC(2026, 10, 21, 12, 0, 0);

  it('is an 8-digit code that changes every 20 seconds', () => {
    const sign = newsign(NEWSIGN_DEFAULT_SECRET, t0);
    expect(sign).toMatch(/^\d{8}$/);
    expect(newsign(NEWSIGN_DEFAULT_SECRET, t0 + 19_999)).toBe(sign);
    expect(newsign(NEWSIGN_DEFAULT_SECRET, t0 + 20_000)).not.toBe(sign);
  });

  it('is RFC 6238 TOTP with SHA-512 and 8 digits on a 20-second step', () => {
    // RFC 6238 appendix B: 64-byte seed "1234...1234", counter 1, SHA-512 -> 90693936.
    // The RFC reaches counter 1 at T=59 s with 30 s steps; with our 20 s steps that is T=20..39 s.
    const rfcSeed = Secret.fromLatin1('1234567890'.repeat(6) + '1234').base32;
    expect(newsign(rfcSeed, 20_000)).toBe('90693936');
    expect(newsign(rfcSeed, 39_999)).toBe('90693936');
  });

  it('gives the same codes whatever windows were asked before (each window is computed once)', () => {
    const fresh = (t: number) =>
      new TOTP({
        algorithm: 'SHA512',
        digits: 8,
        period: 20,
        secret: Secret.fromBase32(NEWSIGN_DEFAULT_SECRET),
      }).generate({ timestamp: t });
    // Back and forth across more windows than are remembered, and back again.
    const times = [
      t0,
      t0 + 20_000,
      t0 - 20_000,
      t0 + 100_000,
      t0 + 40_000,
      t0 + 60_000,
      t0,
      t0 + 19_999,
      t0 - 1,
    ];
    for (const t of times) expect(newsign(NEWSIGN_DEFAULT_SECRET, t)).toBe(fresh(t));
  });

  it('computes the code of a window once, however many requests it signs or checks', () => {
    const generated = vi.spyOn(TOTP.prototype, 'generate');
    try {
      // A window no other test asked for.
      const t = t0 + 3_600_000;
      const first = newsign(NEWSIGN_DEFAULT_SECRET, t);
      for (let i = 1; i < 50; i += 1)
        expect(newsign(NEWSIGN_DEFAULT_SECRET, t + i * 100)).toBe(first);
      // In the next window the check computes that window's code, and finds the sign in the
      // previous one, already known.
      expect(isFreshNewsign(NEWSIGN_DEFAULT_SECRET, first, t + 20_000)).toBe(true);
      // One HMAC for the 50 signs, one for the next window.
      expect(generated).toHaveBeenCalledTimes(2);
    } finally {
      generated.mockRestore();
    }
  });

  it('accepts the current and the previous window only', () => {
    const sign = newsign(NEWSIGN_DEFAULT_SECRET, t0);
    expect(isFreshNewsign(NEWSIGN_DEFAULT_SECRET, sign, t0)).toBe(true);
    expect(isFreshNewsign(NEWSIGN_DEFAULT_SECRET, sign, t0 + 20_000)).toBe(true);
    expect(isFreshNewsign(NEWSIGN_DEFAULT_SECRET, sign, t0 + 40_000)).toBe(false);
    expect(isFreshNewsign(NEWSIGN_DEFAULT_SECRET, sign, t0 - 20_000)).toBe(false);
    expect(isFreshNewsign(NEWSIGN_DEFAULT_SECRET, undefined, t0)).toBe(false);
    expect(isFreshNewsign(NEWSIGN_DEFAULT_SECRET, '', t0)).toBe(false);
  });
});
