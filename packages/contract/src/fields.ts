import * as z from 'zod/mini';
import { ACCOUNT_MODES, NICKNAME_MAX_LENGTH } from './constants';
import type { ErrorKey } from './errors';
import { limitText, MAX_AMOUNT, tryParseMoney } from './money';
import { groupThousands } from './rules/format';
import {
  accountKind,
  isValidEmail,
  isValidPassword,
  isValidPayPassword,
  isValidPhone,
} from './rules/validators';

/**
 * Field schemas shared by every call. Forms arrive form-encoded, so every field is a string first.
 * A failing field's message is a catalogue key (errors.ts), which the server answers with and the
 * app shows in its language. zod/mini keeps the app's first route small; the factories are marked
 * free of side effects so the bundler drops the ones a page does not use.
 */

const err = (key: ErrorKey) => ({ error: key });

/** For choices: nothing chosen is "required items", a value outside the choices is invalid. */
export const missingOrInvalid = (issue: { input: unknown }): ErrorKey =>
  issue.input === undefined || issue.input === '' ? 'requiredItems' : 'invalidInput';

/** A required text: missing or blank is "Please confirm the required items". */
/* @__NO_SIDE_EFFECTS__ */
export function requiredText(max = 200) {
  return z
    .string(err('requiredItems'))
    .check(z.trim(), z.minLength(1, err('requiredItems')), z.maxLength(max, err('invalidInput')));
}

/* @__NO_SIDE_EFFECTS__ */
export function optionalText(max = 200) {
  return z.pipe(
    z.optional(
      z.string(err('invalidInput')).check(z.trim(), z.maxLength(max, err('invalidInput'))),
    ),
    z.transform((v: string | undefined) => (v === '' ? undefined : v)),
  );
}

/* @__NO_SIDE_EFFECTS__ */
export function email() {
  return requiredText(254).check(z.refine(isValidEmail, err('emailFormat')), z.toLowerCase());
}

/* @__NO_SIDE_EFFECTS__ */
export function areaCode() {
  return requiredText(5).check(
    z.overwrite((v) => v.replace(/^\+/, '')),
    z.refine((v) => /^\d{1,4}$/.test(v), err('phoneFormat')),
  );
}

/* @__NO_SIDE_EFFECTS__ */
export function password() {
  return requiredText(64).check(z.refine(isValidPassword, err('passwordRule')));
}

/** A password as typed at login: only required, never checked against today's rule. */
/* @__NO_SIDE_EFFECTS__ */
export function anyPassword() {
  return z
    .string(err('requiredItems'))
    .check(z.minLength(1, err('requiredItems')), z.maxLength(128, err('invalidInput')));
}

/* @__NO_SIDE_EFFECTS__ */
export function payPassword() {
  return z
    .string(err('payPasswordEmpty'))
    .check(
      z.minLength(1, err('payPasswordEmpty')),
      z.refine(isValidPayPassword, err('payPasswordRule')),
    );
}

/* @__NO_SIDE_EFFECTS__ */
export function verificationCode() {
  return requiredText(12).check(z.refine((v) => /^\d{6}$/.test(v), err('codeInvalid')));
}

/* @__NO_SIDE_EFFECTS__ */
export function nickname() {
  return requiredText(NICKNAME_MAX_LENGTH * 4).check(
    z.refine((v) => [...v].length <= NICKNAME_MAX_LENGTH, err('nicknameRule')),
  );
}

/* @__NO_SIDE_EFFECTS__ */
export function mode() {
  return z.enum(ACCOUNT_MODES, err('invalidInput'));
}

/* @__NO_SIDE_EFFECTS__ */
function wholeNumber(min: number, max: number) {
  return z
    .number(err('invalidInput'))
    .check(
      z.refine(Number.isInteger, err('invalidInput')),
      z.minimum(min, err('invalidInput')),
      z.maximum(max, err('invalidInput')),
    );
}

/** A whole number, as a JSON number or as the digits of a query or form field. */
/* @__NO_SIDE_EFFECTS__ */
export function intParam(min = 0, max = Number.MAX_SAFE_INTEGER) {
  return z.pipe(
    z.union([z.number(), z.string().check(z.regex(/^-?\d{1,16}$/))], err('invalidInput')),
    z.pipe(
      z.transform((v: number | string) => Number(v)),
      wholeNumber(min, max),
    ),
  );
}

/** Longest text an amount field reads: a longer one is no sensible amount and is not parsed. */
export const AMOUNT_TEXT_MAX = 64;

/** The amount in units when the text is a decimal of at most 8 places and a sane length. */
export function amountUnits(text: string): bigint | null {
  return text.length <= AMOUNT_TEXT_MAX ? tryParseMoney(text) : null;
}

/** MAX_AMOUNT as refusal texts say it: "90,000,000". */
export const MAX_AMOUNT_TEXT = groupThousands(limitText(MAX_AMOUNT));

/**
 * Every amount, price and quantity is at most MAX_AMOUNT (money.ts): past it, amountTooLarge
 * with the limit, the same text wherever an amount is entered. Text that is no amount passes
 * here; the field's own format check reports it.
 */
/* @__NO_SIDE_EFFECTS__ */
export function withinMaxAmount<T extends string | undefined>() {
  return z.refine<T>(
    (v) => {
      const units = v === undefined ? null : amountUnits(v);
      return units === null || units <= MAX_AMOUNT;
    },
    { error: 'amountTooLarge', params: { max: MAX_AMOUNT_TEXT } },
  );
}

/** A decimal amount string with at most 8 places, greater than zero; it stays a string. */
/* @__NO_SIDE_EFFECTS__ */
export function amount() {
  return z.string(err('requiredItems')).check(
    z.trim(),
    z.minLength(1, err('requiredItems')),
    z.refine((v) => (amountUnits(v) ?? 0n) > 0n, err('incorrectAmount')),
    withinMaxAmount(),
  );
}

/**
 * An amount (as `amount`) with at most `places` decimal places, for money a product takes only
 * to the places it shows (an option's stake in cents): past them, amountPrecision with `places`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function amountOfPlaces(places: number) {
  return amount().check(
    // Trailing zeros are no places: "10.00000000", as a wire amount is written, is 10.
    z.refine((v) => (v.split('.')[1]?.replace(/0+$/, '').length ?? 0) <= places, {
      error: 'amountPrecision',
      params: { places },
    }),
  );
}

/**
 * A rate the trader was shown before confirming (a decimal of at most 8 places), sent back with
 * the order: optional, so that clients which send none still place orders; when sent, the server
 * takes the order only under that rate (each product's "terms changed" refusal).
 */
/* @__NO_SIDE_EFFECTS__ */
export function shownRate() {
  return z.optional(
    z.string(err('invalidInput')).check(
      z.trim(),
      z.refine((v) => amountUnits(v) !== null, err('invalidInput')),
    ),
  );
}

/* @__NO_SIDE_EFFECTS__ */
export function page() {
  return z._default(intParam(1, 100_000), 1);
}

/* @__NO_SIDE_EFFECTS__ */
export function pageSize() {
  return z._default(intParam(1, 100), 20);
}

/** Wire decimal string (output side). */
/* @__NO_SIDE_EFFECTS__ */
export function decimal() {
  return z.string().check(z.regex(/^-?\d+(\.\d+)?$/));
}

type WithAreaCode = { areaCode?: string | undefined };
type Ctx = z.core.$RefinementCtx;

function issue(ctx: Ctx, message: ErrorKey, path: string): void {
  ctx.addIssue({ code: 'custom', message, path: [path], input: undefined });
}

/**
 * A phone number in `field` valid for the dialling code in `areaCode`. Async (see isValidPhone):
 * schemas using it are parsed with safeParseAsync.
 */
/* @__NO_SIDE_EFFECTS__ */
export function phoneRule(field: string) {
  return async (value: WithAreaCode & Record<string, unknown>, ctx: Ctx): Promise<void> => {
    if (!value.areaCode) issue(ctx, 'requiredItems', 'areaCode');
    else if (!(await isValidPhone(value.areaCode, String(value[field] ?? ''))))
      issue(ctx, 'phoneFormat', field);
  };
}

/**
 * The `account` of register and login: an email, or a phone number whose dialling code comes in
 * `areaCode`. Checked together because one decides the other.
 */
export async function accountRule(
  value: { account: string } & WithAreaCode,
  ctx: Ctx,
): Promise<void> {
  if (accountKind(value.account) === 'phone') return phoneRule('account')(value, ctx);
  if (!isValidEmail(value.account)) issue(ctx, 'emailFormat', 'account');
}

/** Two fields must match: the second is reported. */
/* @__NO_SIDE_EFFECTS__ */
export function sameAs<T extends Record<string, unknown>>(
  first: keyof T & string,
  second: keyof T & string,
) {
  return z.refine<T>((v) => v[second] === undefined || v[first] === v[second], {
    error: 'passwordMismatch',
    path: [second],
  });
}

export const emptyInput = /* @__PURE__ */ z.object({});

/**
 * The image code of /common/getVerify: the timestamp it was drawn for and the text read from it.
 * Needed only after a refusal whose data says `captchaRequired` (repeated failures for the
 * account, or several unused codes sent to the address).
 */
export const captchaFields = {
  timestamp: /* @__PURE__ */ optionalText(20),
  verifyCode: /* @__PURE__ */ optionalText(8),
};
