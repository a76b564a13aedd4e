import { Secret, TOTP } from 'otpauth';
import { NEWSIGN_DIGITS, NEWSIGN_LENGTH, NEWSIGN_PERIOD_SECONDS } from './newsign-constants';

/**
 * newsign (SPEC.md sections 7 and 9): the first 10 characters of an 8-digit, 20-second, SHA-512
 * time-based code over a secret shared with the web build. It proves freshness, not identity: the
 * secret ships in the bundle.
 */
export * from './newsign-constants';

const generators = new Map<string, TOTP>();

function generator(secret: string): TOTP {
  let totp = generators.get(secret);
  if (!totp) {
    totp = new TOTP({
      algorithm: 'SHA512',
      digits: NEWSIGN_DIGITS,
      period: NEWSIGN_PERIOD_SECONDS,
      secret: Secret.fromBase32(secret),
    });
    generators.set(secret, totp);
  }
  return totp;
}

export function newsign(secret: string, timestampMs: number): string {
  return generator(secret).generate({ timestamp: timestampMs }).slice(0, NEWSIGN_LENGTH);
}

/** True when the sign is the code of the current or the previous 20-second window. */
export function isFreshNewsign(secret: string, sign: string | undefined, nowMs: number): boolean {
  if (!sign) return false;
  const periodMs = NEWSIGN_PERIOD_SECONDS * 1000;
  return sign === newsign(secret, nowMs) || sign === newsign(secret, nowMs - periodMs);
}
