import { Secret, TOTP } from 'otpauth';
import { NEWSIGN_DIGITS, NEWSIGN_LENGTH, NEWSIGN_PERIOD_SECONDS } from './newsign-constants';

/**
 * newsign (SPEC.md sections 7 and 9): the first 10 characters of an 8-digit, 20-second, SHA-512
 * time-based code over a secret shared with the web build. It proves freshness, not identity: the
 * secret ships in the bundle.
 */
export * from './newsign-constants';

interface Signer {
  totp: TOTP;
  /** The codes of the last few windows, by window (TOTP counter): one HMAC per window, not per call. */
  codes: Map<number, string>;
}
const signers = new Map<string, Signer>();
/** Windows remembered per secret: the current and previous one, with room for a clock step. */
const WINDOWS_KEPT = 4;

function signer(secret: string): Signer {
  let found = signers.get(secret);
  if (!found) {
    found = {
      totp: new TOTP({
        algorithm: 'SHA512',
        digits: NEWSIGN_DIGITS,
        period: NEWSIGN_PERIOD_SECONDS,
        secret: Secret.fromBase32(secret),
      }),
      codes: new Map(),
    };
    signers.set(secret, found);
  }
  return found;
}

export function newsign(secret: string, timestampMs: number): string {
  const { totp, codes } = signer(secret);
  // The window as otpauth counts it (TOTP.counter): the code is the same all through a window.
  const window = TOTP.counter({ period: NEWSIGN_PERIOD_SECONDS, timestamp: timestampMs });
  let code = codes.get(window);
  if (code === undefined) {
    code = totp.generate({ timestamp: timestampMs }).slice(0, NEWSIGN_LENGTH);
    if (codes.size >= WINDOWS_KEPT) codes.delete(codes.keys().next().value!);
    codes.set(window, code);
  }
  return code;
}

/** True when the sign is the code of the current or the previous 20-second window. */
export function isFreshNewsign(secret: string, sign: string | undefined, nowMs: number): boolean {
  if (!sign) return false;
  const periodMs = NEWSIGN_PERIOD_SECONDS * 1000;
  return sign === newsign(secret, nowMs) || sign === newsign(secret, nowMs - periodMs);
}
