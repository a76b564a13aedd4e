import type { ErrorKey, MessageParams } from '@tidemark/contract';

/** What a refusal carries besides its text. */
export interface RefusalExtras {
  /** The envelope's data (null when absent), e.g. `{ captchaRequired: true }`. */
  data?: unknown;
  /** Seconds until the request may be tried again: sent as the Retry-After header. */
  retryAfter?: number;
}

/**
 * A rule said no: answered as the envelope with the catalogue text, never as a 500. Services throw
 * it; the error handler turns it into `{status, cnMsg, enMsg, code}`.
 */
export class DomainError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly params?: MessageParams,
    /** HTTP status of the answer; business errors ride on 200 like every other envelope. */
    readonly httpStatus = 200,
    readonly extras: RefusalExtras = {},
  ) {
    super(key);
    this.name = 'DomainError';
  }
}
