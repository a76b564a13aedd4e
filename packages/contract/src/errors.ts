import { interpolate, localiseParams } from '@tidemark/i18n';
import en from '@tidemark/i18n/locales/en.json';
import zh from '@tidemark/i18n/locales/zh.json';

/**
 * The error catalogue: every text of SPEC.md sections 5 and 8, keyed. The English and Simplified
 * Chinese texts live in the language packs (packages/i18n), so translators keep one file per
 * language and the envelope's enMsg/cnMsg are the very texts the app would show.
 */
export type ErrorKey = keyof typeof en.errors;
export type SuccessKey = keyof typeof en.success;
export type MessageParams = Readonly<Record<string, string | number>>;

export const ERROR_KEYS = Object.keys(en.errors) as ErrorKey[];

export function isErrorKey(value: unknown): value is ErrorKey {
  return typeof value === 'string' && Object.hasOwn(en.errors, value);
}

/** The envelope status a business error answers with (SPEC.md section 7; '401' and '402' are fixed). */
const STATUS_BY_ERROR: Partial<Record<ErrorKey, string>> = {
  notLoggedIn: '401',
  sessionExpired: '401',
  staleSignature: '402',
  accountFrozen: '403',
  forbidden: '403',
  notFound: '404',
  accountExists: '409',
  operatorExists: '409',
  chainExists: '409',
  idempotencyConflict: '409',
  requestTimeout: '408',
  bodyTooLarge: '413',
  urlTooLong: '414',
  unsupportedContentType: '415',
  headersTooLarge: '431',
  tooManyRequests: '429',
  tooManyWaitSeconds: '429',
  tooManyWaitMinutes: '429',
  codeWait: '429',
  statusCode500: '500',
  marketUnavailable: '503',
  orderOutcomeUnknown: '503',
};

export function errorStatus(key: ErrorKey): string {
  return STATUS_BY_ERROR[key] ?? '400';
}

export function errorMessages(
  key: ErrorKey,
  params?: MessageParams,
): { enMsg: string; cnMsg: string } {
  return {
    enMsg: interpolate(en.errors[key], params && localiseParams(params, 'en')),
    cnMsg: interpolate(zh.errors[key], params && localiseParams(params, 'zh-CN')),
  };
}

export function successMessages(key: SuccessKey): { enMsg: string; cnMsg: string } {
  return { enMsg: en.success[key], cnMsg: zh.success[key] };
}
