import { z } from 'zod';
import { ACCOUNT_MODES, NICKNAME_MAX_LENGTH } from './constants';
import type { ErrorKey } from './errors';
import { parseMoney, tryParseMoney } from './money';
import {
  accountKind,
  isValidEmail,
  isValidPassword,
  isValidPayPassword,
  isValidPhone,
} from './rules/validators';

/**
 * Field schemas shared by every call. Forms arrive form-encoded, so every field is a string first.
 * A failing field's message is a catalogue key (errors.ts), which the server answers with.
 */

const err = (key: ErrorKey) => ({ error: key });

/** A required text: missing or blank is "Please confirm the required items". */
export const requiredText = (max = 200) =>
  z.string(err('requiredItems')).trim().min(1, err('requiredItems')).max(max, err('invalidInput'));

export const optionalText = (max = 200) =>
  z
    .string(err('invalidInput'))
    .trim()
    .max(max, err('invalidInput'))
    .optional()
    .transform((v) => (v === '' ? undefined : v));

export const email = () =>
  requiredText(254)
    .refine(isValidEmail, err('emailFormat'))
    .transform((v) => v.toLowerCase());

export const areaCode = () =>
  requiredText(5)
    .transform((v) => v.replace(/^\+/, ''))
    .refine((v) => /^\d{1,4}$/.test(v), err('phoneFormat'));

export const password = () => requiredText(64).refine(isValidPassword, err('passwordRule'));

/** A password as typed at login: only required, never checked against today's rule. */
export const anyPassword = () =>
  z.string(err('requiredItems')).min(1, err('requiredItems')).max(128);

export const payPassword = () =>
  z
    .string(err('payPasswordEmpty'))
    .min(1, err('payPasswordEmpty'))
    .refine(isValidPayPassword, err('payPasswordRule'));

export const verificationCode = () =>
  requiredText(6).refine((v) => /^\d{6}$/.test(v), err('codeInvalid'));

export const nickname = () =>
  requiredText(NICKNAME_MAX_LENGTH * 4).refine(
    (v) => [...v].length <= NICKNAME_MAX_LENGTH,
    err('nicknameRule'),
  );

export const mode = () => z.enum(ACCOUNT_MODES, err('invalidInput'));

/** Whole number from a form field. */
export const intField = (min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce
    .number(err('invalidInput'))
    .int(err('invalidInput'))
    .min(min, err('invalidInput'))
    .max(max, err('invalidInput'));

/** A decimal amount string with at most 8 places; the parsed value stays a string on the wire. */
export const amount = () =>
  requiredText(40).refine(
    (v) => tryParseMoney(v) !== null && parseMoney(v) > 0n,
    err('incorrectAmount'),
  );

export const page = () => intField(1, 100_000).default(1);
export const pageSize = () => intField(1, 100).default(20);

/** Wire decimal string (output side). */
export const decimal = () => z.string().regex(/^-?\d+(\.\d+)?$/);

type WithAreaCode = { areaCode?: string | undefined };

/** A phone number in `field` valid for the dialling code in `areaCode`. */
export function phoneRule(field: string) {
  return (value: WithAreaCode & Record<string, unknown>, ctx: z.RefinementCtx): void => {
    if (!value.areaCode) {
      ctx.addIssue({ code: 'custom', message: 'requiredItems', path: ['areaCode'] });
    } else if (!isValidPhone(value.areaCode, String(value[field] ?? ''))) {
      ctx.addIssue({ code: 'custom', message: 'phoneFormat', path: [field] });
    }
  };
}

/**
 * The `account` of register and login: an email, or a phone number whose dialling code comes in
 * `areaCode`. Checked together because one decides the other.
 */
export function accountRule(value: { account: string } & WithAreaCode, ctx: z.RefinementCtx): void {
  if (accountKind(value.account) === 'phone') return phoneRule('account')(value, ctx);
  if (!isValidEmail(value.account)) {
    ctx.addIssue({ code: 'custom', message: 'emailFormat', path: ['account'] });
  }
}

export const emptyInput = z.object({});
