import { nationalNumber, VERIFICATION_CODE, type ErrorKey } from '@tidemark/contract';
import { interpolate, isLanguageCode, loadLocale } from '@tidemark/i18n';
import { inTransaction, type Executor } from '../../db/database';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { randomDigits, sha256 } from '../../lib/secrets';
import * as repo from './auth.repository';
import { guardCodeSending, type CaptchaAnswer } from './captcha.service';
import type { DeliveryChannel } from './delivery';

/** Who a code is for: an email, or a phone with its dialling code. */
export type CodeTarget =
  { channel: 'email'; email: string } | { channel: 'sms'; areaCode: string; phone: string };

/** A phone target by its national significant number, whatever trunk prefix was typed. */
export async function phoneTarget(areaCode: string, phone: string): Promise<CodeTarget> {
  return { channel: 'sms', areaCode, phone: await nationalNumber(areaCode, phone) };
}

export function targetKey(target: CodeTarget): string {
  return target.channel === 'email'
    ? `email:${target.email.toLowerCase()}`
    : `sms:${target.areaCode}:${target.phone}`;
}

function address(target: CodeTarget): string {
  return target.channel === 'email' ? target.email : `+${target.areaCode} ${target.phone}`;
}

function codeHash(key: string, code: string): string {
  return sha256(`${key}|${code}`);
}

const seconds = (ms: number) => Math.ceil(ms / 1000);

async function refuseEarlyResend(db: Executor, key: string, now: number): Promise<void> {
  const last = await repo.latestCode(db, key);
  const wait = last ? Number(last.created_at) + VERIFICATION_CODE.resendAfterMs - now : 0;
  if (wait > 0) throw new DomainError('codeWait', { seconds: seconds(wait) });
}

/**
 * Sends a fresh 6-digit code. One per address per minute; after several unused ones, the next
 * needs the image code (guardCodeSending). Older unused codes stay valid until they expire, but
 * only the newest is checked.
 */
export async function sendCode(
  app: AppContext,
  target: CodeTarget,
  input: { lang?: string | undefined } & CaptchaAnswer,
  ip: string,
): Promise<{ expiresIn: number; resendAfter: number }> {
  const { lang } = input;
  const key = targetKey(target);
  const now = app.clock.now();
  // The wait first, so that an image code is not spent on a request refused anyway.
  await refuseEarlyResend(app.db, key, now);
  await guardCodeSending(app, key, input);
  const code = randomDigits(VERIFICATION_CODE.length);
  const codeId = await inTransaction(app.db, async (trx) => {
    await refuseEarlyResend(trx, key, now);
    return repo.insertCode(trx, {
      channel: target.channel,
      target: key,
      code_hash: codeHash(key, code),
      created_at: BigInt(now),
      expires_at: BigInt(now + VERIFICATION_CODE.ttlMs),
      attempts: 0n,
      consumed_at: null,
      ip,
    });
  });
  try {
    const pack = await loadLocale(isLanguageCode(lang) ? lang : 'en');
    const minutes = VERIFICATION_CODE.ttlMs / 60_000;
    await app.delivery.send({
      channel: target.channel as DeliveryChannel,
      to: address(target),
      code,
      subject: pack.delivery.codeSubject,
      text: interpolate(pack.delivery.codeText, { code, minutes }),
    });
  } catch (error) {
    // Not delivered: withdraw it, so the one-a-minute rule does not hold the user back.
    await repo.deleteCode(app.db, codeId);
    throw error;
  }
  return {
    expiresIn: seconds(VERIFICATION_CODE.ttlMs),
    resendAfter: seconds(VERIFICATION_CODE.resendAfterMs),
  };
}

/**
 * Checks and uses up the newest code sent to the target, in a transaction of its own so that a
 * wrong guess is counted even though the request then fails. Throws the refusal.
 */
export async function useCode(app: AppContext, target: CodeTarget, code: string): Promise<void> {
  const key = targetKey(target);
  const now = app.clock.now();
  const refusal = await inTransaction(app.db, async (trx): Promise<ErrorKey | null> => {
    const row = await repo.latestCode(trx, key);
    if (!row || row.consumed_at !== null) return 'codeInvalid';
    if (Number(row.expires_at) <= now) return 'codeExpired';
    if (Number(row.attempts) >= VERIFICATION_CODE.maxAttempts) return 'codeAttemptsExceeded';
    if (row.code_hash !== codeHash(key, code)) {
      await repo.recordCodeAttempt(trx, row.id);
      return 'codeInvalid';
    }
    return (await repo.consumeCode(trx, row.id, now)) ? null : 'codeInvalid';
  });
  if (refusal) throw new DomainError(refusal);
}
