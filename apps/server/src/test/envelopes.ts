import type { Envelope, ErrorKey } from '@tidemark/contract';
import { expect } from 'vitest';

/**
 * The English text of every refusal the API tests expect, spelled out here rather than read from
 * the language pack, so a changed text or a wrong key fails a test.
 */
export const EN: Partial<Record<ErrorKey, string>> = {
  loginFailed: 'Login failed, please log in again',
  passwordMismatch: 'Inconsistent password entered twice',
  requiredItems: 'Please confirm the required items',
  passwordRule:
    'Password must be 6 to 32 characters with at least one uppercase letter and one digit',
  phoneFormat: 'Please enter a valid phone number',
  emailFormat: 'Please enter a valid email address',
  passwordSameAsOld: 'The old and new passwords must not be the same',
  payPasswordEmpty: 'Payment password cannot be empty',
  payPasswordRule: 'Payment password must be 6 digits',
  nicknameRule: 'Nickname must be 1 to 20 characters',
  notLoggedIn: 'Please log in first',
  sessionExpired: 'Your session has expired, please log in again',
  codeInvalid: 'Incorrect verification code',
  codeExpired: 'The verification code has expired, please request a new one',
  codeAttemptsExceeded: 'Too many wrong attempts, please request a new code',
  accountExists: 'This account is already registered',
  accountNotFound: 'This account is not registered',
  accountFrozen: 'This account is frozen, please contact customer service',
  inviteCodeInvalid: 'The invitation code does not exist',
  oldPasswordWrong: 'The original password is incorrect',
  payPasswordWrong: 'The payment password is incorrect',
  captchaWrong: 'The image code is incorrect',
  captchaRequired: 'Please enter the image code',
  loginFailedCaptcha:
    'Login failed. This account has had several failed attempts, so please also enter the image code',
  invalidInput: 'Invalid input, please check and try again',
  notFound: 'The requested item does not exist',
};

/** Envelope statuses other than the default '400' (SPEC.md section 7 fixes '401' and '402'). */
export const STATUS: Partial<Record<ErrorKey, string>> = {
  notLoggedIn: '401',
  sessionExpired: '401',
  staleSignature: '402',
  accountFrozen: '403',
  notFound: '404',
  accountExists: '409',
};

/** The data of a refusal that asks for the image code next time. */
export const CAPTCHA = { captchaRequired: true } as const;

/** Asserts the whole refusal envelope: status, catalogue key, both texts, its data (none). */
export function expectRefusal(
  envelope: Envelope<unknown>,
  code: ErrorKey,
  data: unknown = null,
): void {
  expect(envelope).toEqual({
    status: STATUS[code] ?? '400',
    code,
    enMsg: EN[code],
    cnMsg: expect.any(String),
    data,
  });
  expect(envelope.cnMsg).not.toBe('');
  expect(envelope.cnMsg).not.toBe(envelope.enMsg);
}

export function expectOk<T>(envelope: Envelope<T>): T {
  expect(envelope).toMatchObject({ status: 1, code: 'operation', enMsg: 'Operation successful' });
  return envelope.data;
}

/** A six-digit code that is certainly not `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}
