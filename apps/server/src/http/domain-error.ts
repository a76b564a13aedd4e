import type { ErrorKey, MessageParams } from '@tidemark/contract';

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
  ) {
    super(key);
    this.name = 'DomainError';
  }
}
