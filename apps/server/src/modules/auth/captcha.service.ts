import type { ErrorKey, MessageParams } from '@tidemark/contract';
import svgCaptcha from 'svg-captcha';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { tooManyFor } from '../../http/rate-limits';
import { sha256 } from '../../lib/secrets';
import * as repo from './auth.repository';

const CAPTCHA_TTL_MS = 5 * 60_000;

/** The image code a call may carry: the timestamp given to getVerify and the text read from it. */
export interface CaptchaAnswer {
  timestamp?: string | undefined;
  verifyCode?: string | undefined;
}

/** The data of a refusal after which the client must show the image code. */
const CAPTCHA_REQUIRED = { captchaRequired: true } as const;

/** A refusal that also tells the client to show the image code on its next attempt. */
export function captchaRefusal(
  key: ErrorKey,
  params?: MessageParams,
  httpStatus?: number,
): DomainError {
  return new DomainError(key, params, httpStatus, { data: CAPTCHA_REQUIRED });
}

/** Keys of the failure log: a trader's login by its code target key, a reset by "reset:" + it. */
const LOGIN_KEY_PREFIXES = ['email:', 'sms:'] as const;
export const resetFailureKey = (targetKey: string) => `reset:${targetKey}`;

const answerHash = (challenge: string, text: string) =>
  sha256(`${challenge}|${text.toLowerCase()}`);

/** Draws a 4-character image for the client's timestamp and remembers its answer for 5 minutes. */
export async function drawCaptcha(app: AppContext, challenge: string): Promise<string> {
  const captcha = svgCaptcha.create({
    size: 4,
    noise: 3,
    color: true,
    ignoreChars: '0oO1iIlL',
    background: '#f4f6fa',
    width: 120,
    height: 44,
  });
  const now = app.clock.now();
  await repo.saveCaptcha(
    app.db,
    challenge,
    answerHash(challenge, captcha.text),
    now + CAPTCHA_TTL_MS,
    now,
  );
  return captcha.data;
}

/** True when the answer matches; the image is spent either way. */
export async function checkCaptcha(
  app: AppContext,
  challenge: string,
  answer: string,
): Promise<boolean> {
  const row = await repo.takeCaptcha(app.db, challenge);
  if (!row || Number(row.expires_at) <= app.clock.now()) return false;
  return row.answer_hash === answerHash(challenge, answer.trim());
}

/** Refuses unless the call carries a correct image code; each refusal asks for a new image. */
async function requireCaptcha(app: AppContext, answer: CaptchaAnswer): Promise<void> {
  if (!answer.timestamp || !answer.verifyCode) {
    throw captchaRefusal('captchaRequired');
  }
  if (!(await checkCaptcha(app, answer.timestamp, answer.verifyCode))) {
    throw captchaRefusal('captchaWrong');
  }
}

/** Failures logged for the key within the failure window. */
export function recentFailures(app: AppContext, failureKey: string): Promise<number> {
  const since = app.clock.now() - app.config.captcha.failureWindowMs;
  return repo.countLoginFailures(app.db, failureKey, since);
}

/**
 * Before an account's password or reset code is checked: once it has failed `afterFailures` times
 * within the window, from whatever addresses, every further attempt needs a correct image code.
 * The owner is slowed down by one image, never locked out.
 */
export async function guardAccount(
  app: AppContext,
  failureKey: string,
  answer: CaptchaAnswer,
): Promise<void> {
  if ((await recentFailures(app, failureKey)) < app.config.captcha.afterFailures) return;
  await requireCaptcha(app, answer);
}

/**
 * Before a code is sent: once `afterCodes` codes sent to the address within the window are
 * unused, the next one needs a correct image code (instead of a per-address limit a stranger
 * could use to keep the owner from ever getting a code).
 */
export async function guardCodeSending(
  app: AppContext,
  targetKey: string,
  answer: CaptchaAnswer,
): Promise<void> {
  const { afterCodes, codeWindowMs } = app.config.captcha;
  const since = app.clock.now() - codeWindowMs;
  if ((await repo.countUnusedCodesSince(app.db, targetKey, since)) < afterCodes) return;
  await requireCaptcha(app, answer);
}

/**
 * Failed trader logins from one address are limited (`rateLimits.login.perIp`); successes are
 * not counted. The refusal says how long until the oldest counted failure leaves the window.
 */
export async function guardLoginAddress(app: AppContext, ip: string): Promise<void> {
  const { max, windowMs } = app.config.rateLimits.login.perIp;
  const now = app.clock.now();
  // A failure exactly windowMs old has left the window, as the wait said.
  const since = now - windowMs + 1;
  const times = await repo.recentFailuresFromIp(app.db, ip, LOGIN_KEY_PREFIXES, since, max);
  const oldest = times[max - 1];
  if (oldest !== undefined) throw tooManyFor(oldest + windowMs - now);
}

/**
 * How long a failed login is kept: far longer than any window that counts them (the captcha's
 * failureWindowMs, the login's per-address limit, the console's lock-out; minutes each).
 */
export const LOGIN_FAILURE_RETENTION_MS = 24 * 60 * 60_000;
/** Failures past the retention removed with each new one: more than come in, so the log shrinks. */
const PURGED_PER_FAILURE = 100;

/**
 * Logs a failure, and removes a few that have left every window, so that the log stays as large
 * as the last day's failures however long the server runs.
 */
export async function recordLoginFailure(
  app: AppContext,
  accountKey: string,
  ip: string,
): Promise<void> {
  const now = app.clock.now();
  await repo.recordLoginFailure(app.db, accountKey, ip, now);
  await repo.purgeLoginFailures(app.db, now - LOGIN_FAILURE_RETENTION_MS, PURGED_PER_FAILURE);
}

export function forgetLoginFailures(app: AppContext, accountKey: string): Promise<void> {
  return repo.clearLoginFailures(app.db, accountKey);
}
