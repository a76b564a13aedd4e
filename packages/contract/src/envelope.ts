import type { ErrorKey, MessageParams, SuccessKey } from './errors';

/** status 1 is success; '401' not authenticated; '402' silent; any other string a business error. */
export const STATUS_OK = 1;
export const STATUS_UNAUTHENTICATED = '401';
export const STATUS_SILENT = '402';

export type EnvelopeStatus = typeof STATUS_OK | string;

/** Every answer of the API (DESIGN.md section 3). */
export interface Envelope<T = unknown> {
  status: EnvelopeStatus;
  cnMsg: string;
  enMsg: string;
  data: T;
  /** Catalogue key of the message, so every language pack can show it (ours, beyond the spec). */
  code?: ErrorKey | SuccessKey;
  params?: MessageParams;
}

export function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    'cnMsg' in value &&
    'enMsg' in value
  );
}

/**
 * True for a refusal whose data is `{ captchaRequired: true }`: the call (login, password reset or
 * sending a code) needs the image code of /common/getVerify on its next attempt.
 */
export function isCaptchaRequired(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { captchaRequired?: unknown }).captchaRequired === true
  );
}
