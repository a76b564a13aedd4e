import * as z from 'zod/mini';
import type { ErrorKey } from '../errors';
import { AMOUNT_TEXT_MAX, amountUnits, intParam, withinMaxAmount } from '../fields';

/** Input fields of the operator calls. A failing field's message is a catalogue key. */

const err = (key: ErrorKey) => ({ error: key });

// --- input fields --------------------------------------------------------------------------------

/** A record id in the path. */
/* @__NO_SIDE_EFFECTS__ */
export function recordId() {
  return intParam(1);
}

/** Why an operator rejects, fails or freezes: required, shown to the trader where it applies. */
/* @__NO_SIDE_EFFECTS__ */
export function reason() {
  return z
    .string(err('reasonRequired'))
    .check(z.trim(), z.minLength(1, err('reasonRequired')), z.maxLength(500, err('invalidInput')));
}

/** A decimal of 8 places at most, zero allowed (fees, minimums, thresholds), up to MAX_AMOUNT. */
/* @__NO_SIDE_EFFECTS__ */
export function nonNegativeAmount() {
  return z.string(err('incorrectAmount')).check(
    z.trim(),
    z.maxLength(AMOUNT_TEXT_MAX, err('incorrectAmount')),
    z.refine((v) => (amountUnits(v) ?? -1n) >= 0n, err('incorrectAmount')),
    withinMaxAmount(),
  );
}

/** A rate as a decimal fraction ("0.85" is 85 %), zero allowed; its own text, not an amount's. */
/* @__NO_SIDE_EFFECTS__ */
export function rate() {
  return z.string(err('rateInvalid')).check(
    z.trim(),
    z.maxLength(AMOUNT_TEXT_MAX, err('rateInvalid')),
    z.refine((v) => (amountUnits(v) ?? -1n) >= 0n, err('rateInvalid')),
  );
}

/** A yes/no flag, as JSON true/false or as "true"/"false"/"1"/"0". */
/* @__NO_SIDE_EFFECTS__ */
export function flag() {
  return z.pipe(
    z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])], err('invalidInput')),
    z.transform(
      (v: boolean | 'true' | 'false' | '1' | '0') => v === true || v === 'true' || v === '1',
    ),
  );
}

/** Operator passwords: 10 to 64 characters with an upper case letter, a lower case letter and a digit. */
export function isValidOperatorPassword(value: string): boolean {
  return (
    value.length >= 10 &&
    value.length <= 64 &&
    /[A-Z]/.test(value) &&
    /[a-z]/.test(value) &&
    /\d/.test(value)
  );
}

/* @__NO_SIDE_EFFECTS__ */
export function operatorPassword() {
  return z
    .string(err('requiredItems'))
    .check(
      z.minLength(1, err('requiredItems')),
      z.refine(isValidOperatorPassword, err('operatorPasswordRule')),
    );
}

/** Operator usernames: 3 to 32 of a-z, 0-9, dot, dash, underscore (kept lower case). */
/* @__NO_SIDE_EFFECTS__ */
export function operatorUsername() {
  return z
    .string(err('requiredItems'))
    .check(
      z.trim(),
      z.minLength(1, err('requiredItems')),
      z.toLowerCase(),
      z.regex(/^[a-z0-9._-]{3,32}$/, err('invalidInput')),
    );
}
