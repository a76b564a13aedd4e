import {
  errorMessages,
  errorStatus,
  STATUS_OK,
  successMessages,
  type Envelope,
  type ErrorKey,
  type MessageParams,
  type SuccessKey,
} from '@tidemark/contract';

export function okEnvelope<T>(data: T, code: SuccessKey = 'operation'): Envelope<T> {
  return { status: STATUS_OK, ...successMessages(code), data, code };
}

export function errorEnvelope<T = null>(
  key: ErrorKey,
  params?: MessageParams,
  data?: T,
): Envelope<T | null> {
  return {
    status: errorStatus(key),
    ...errorMessages(key, params),
    data: data ?? null,
    code: key,
    ...(params ? { params } : {}),
  };
}
