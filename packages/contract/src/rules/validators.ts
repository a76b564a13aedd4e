import type * as PhoneNumbers from 'libphonenumber-js/min';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PAY_PASSWORD_LENGTH } from '../constants';

/** The validators of SPEC.md section 5, shared by the server's schemas and the app's forms. */

const PASSWORD = new RegExp(
  `^(?=.*[A-Z])(?=.*\\d)[\\x21-\\x7e]{${PASSWORD_MIN_LENGTH},${PASSWORD_MAX_LENGTH}}$`,
);

/** 6 to 32 printable ASCII characters with at least one uppercase letter and one digit. */
export function isValidPassword(value: string): boolean {
  return PASSWORD.test(value);
}

export function isValidPayPassword(value: string): boolean {
  return new RegExp(`^\\d{${PAY_PASSWORD_LENGTH}}$`).test(value);
}

// Deliberately plain: one @, no spaces, a dot in the domain, a 2+ letter top-level domain.
const EMAIL =
  /^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

/** Mainland China mobile: 11 digits starting with 1 (the spec's "phone starting with 1"). */
export function isMainlandMobile(value: string): boolean {
  return /^1[3-9]\d{9}$/.test(value);
}

export const MAINLAND_AREA_CODE = '86';

let phoneMetadata: Promise<typeof PhoneNumbers> | undefined;
const phoneNumbers = () => (phoneMetadata ??= import('libphonenumber-js/min'));

/**
 * A national number valid for the dialling code; +86 must be a mainland mobile. Other countries are
 * checked against libphonenumber's metadata, loaded on first use (it is too heavy for the app's
 * first page), hence async.
 */
export async function isValidPhone(areaCode: string, phone: string): Promise<boolean> {
  if (!/^\d{1,4}$/.test(areaCode) || !/^\d{4,15}$/.test(phone)) return false;
  if (areaCode === MAINLAND_AREA_CODE) return isMainlandMobile(phone);
  const { parsePhoneNumberFromString } = await phoneNumbers();
  return parsePhoneNumberFromString(phone, { defaultCallingCode: areaCode })?.isValid() === true;
}

/**
 * The number as stored and compared: the national significant number, so a trunk prefix typed or
 * not (UK 07400 123456 and 7400 123456) is one phone. Mainland mobiles have none.
 */
export async function nationalNumber(areaCode: string, phone: string): Promise<string> {
  if (areaCode === MAINLAND_AREA_CODE) return phone;
  const { parsePhoneNumberFromString } = await phoneNumbers();
  return (
    parsePhoneNumberFromString(phone, { defaultCallingCode: areaCode })?.nationalNumber ?? phone
  );
}

/** 18-character resident ID of mainland China with its ISO 7064 MOD 11-2 check character. */
export function isValidChineseIdNumber(value: string): boolean {
  if (!/^\d{17}[\dXx]$/.test(value)) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(value[i]), 0);
  return '10X98765432'[sum % 11] === value[17]!.toUpperCase();
}

/** 12 to 19 digits passing the Luhn check. */
export function isValidBankCard(value: string): boolean {
  if (!/^\d{12,19}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < value.length; i++) {
    let digit = Number(value[value.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export type AccountKind = 'email' | 'phone';

/** Register and log in take one `account` field: an email if it has an @, otherwise a phone. */
export function accountKind(account: string): AccountKind {
  return account.includes('@') ? 'email' : 'phone';
}
