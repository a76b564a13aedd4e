import svgCaptcha from 'svg-captcha';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { sha256 } from '../../lib/secrets';
import * as repo from './auth.repository';

const CAPTCHA_TTL_MS = 5 * 60_000;
/** Failed logins for one account within the window after which a captcha is asked for. */
export const CAPTCHA_AFTER_FAILURES = 3;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

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

/**
 * Before a password is checked: once an account has failed CAPTCHA_AFTER_FAILURES times within
 * the window, every further attempt needs a correct captcha.
 */
export async function guardLogin(
  app: AppContext,
  accountKey: string,
  captcha: { timestamp?: string | undefined; verifyCode?: string | undefined },
): Promise<void> {
  const since = app.clock.now() - LOGIN_FAILURE_WINDOW_MS;
  if ((await repo.countLoginFailures(app.db, accountKey, since)) < CAPTCHA_AFTER_FAILURES) return;
  if (!captcha.timestamp || !captcha.verifyCode) throw new DomainError('captchaRequired');
  if (!(await checkCaptcha(app, captcha.timestamp, captcha.verifyCode))) {
    throw new DomainError('captchaWrong');
  }
}

export function recordLoginFailure(app: AppContext, accountKey: string, ip: string): Promise<void> {
  return repo.recordLoginFailure(app.db, accountKey, ip, app.clock.now());
}

export function forgetLoginFailures(app: AppContext, accountKey: string): Promise<void> {
  return repo.clearLoginFailures(app.db, accountKey);
}
