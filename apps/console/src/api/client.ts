import {
  consoleRequest,
  isEnvelope,
  STATUS_OK,
  STATUS_UNAUTHENTICATED,
  type ConsoleCallDef,
  type ConsoleCallInput,
  type ConsoleCallOutput,
  type Envelope,
} from '@tidemark/contract';
import { i18next, messageParams, usesChineseMessages } from '../ui/i18n';
import { currentToken, signOut } from './session';

/** How long a call may take before the console gives up on it. */
export const REQUEST_TIMEOUT_MS = 20_000;

/** A call answered with a status other than success. */
export class ApiError extends Error {
  constructor(
    readonly envelope: Envelope<unknown>,
    readonly httpStatus: number,
  ) {
    super(envelopeMessage(envelope));
    this.name = 'ApiError';
  }
  get code(): string | undefined {
    return this.envelope.code;
  }
  get unauthenticated(): boolean {
    return this.envelope.status === STATUS_UNAUTHENTICATED;
  }
}

/** The network failed or the call timed out. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(i18next.t('errors.networkError'), { cause });
    this.name = 'NetworkError';
  }
}

/** The message of an envelope in the operator's language: the pack's text for its code first. */
export function envelopeMessage(
  envelope: Pick<Envelope, 'code' | 'params' | 'cnMsg' | 'enMsg'>,
): string {
  if (envelope.code) {
    for (const key of [`errors.${envelope.code}`, `success.${envelope.code}`]) {
      if (i18next.exists(key)) return i18next.t(key, messageParams(envelope.params));
    }
  }
  return usesChineseMessages() ? envelope.cnMsg : envelope.enMsg;
}

/** The text to show for any failure of a call. */
export function errorMessage(error: unknown): string {
  // Read again so a message follows a language switch made after the call failed.
  if (error instanceof ApiError) return envelopeMessage(error.envelope);
  if (error instanceof NetworkError) return i18next.t('errors.networkError');
  return i18next.t('errors.statusCode500');
}

/** The error of an answer that is not a success: its own envelope, or StatusCode 500 if none. */
export function answerError(body: unknown, httpStatus: number): ApiError {
  if (isEnvelope(body)) return new ApiError(body, httpStatus);
  return new ApiError(
    {
      status: '500',
      cnMsg: 'StatusCode 500',
      enMsg: 'StatusCode 500',
      data: null,
      code: 'statusCode500',
    },
    httpStatus,
  );
}

export interface RequestOptions {
  /** Idempotency-Key of a money-moving call, generated once per operator action. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** Sends one call with the bearer token; resolves with the raw response (an image, an envelope). */
export async function send<C extends ConsoleCallDef>(
  def: C,
  input: ConsoleCallInput<C>,
  options: RequestOptions = {},
): Promise<Response> {
  const { method, url, body } = consoleRequest(def, input);
  const headers: Record<string, string> = {};
  const token = currentToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  options.signal?.addEventListener('abort', () => controller.abort());
  try {
    return await fetch(url, { method, headers, body, signal: controller.signal });
  } catch (error) {
    throw new NetworkError(error);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Calls the operator API and answers the envelope's data. Any other status rejects with an ApiError
 * whose message is already in the operator's language; '401' also ends the session, which sends
 * the console back to its login page.
 */
export async function request<C extends ConsoleCallDef>(
  def: C,
  input: ConsoleCallInput<C>,
  options: RequestOptions = {},
): Promise<ConsoleCallOutput<C>> {
  const response = await send(def, input, options);
  const body: unknown = await response.json().catch(() => undefined);
  if (!isEnvelope(body)) throw answerError(body, response.status);
  if (body.status !== STATUS_OK) {
    if (body.status === STATUS_UNAUTHENTICATED && currentToken()) signOut(true);
    throw new ApiError(body, response.status);
  }
  return (body as Envelope<ConsoleCallOutput<C>>).data;
}
