import {
  fillPath,
  isEnvelope,
  NEWSIGN_DEFAULT_SECRET,
  STATUS_OK,
  STATUS_SILENT,
  STATUS_UNAUTHENTICATED,
  TIMING,
  type CallDef,
  type CallInput,
  type CallOutput,
  type Envelope,
} from '@tidemark/contract';
import { i18next, messageParams, usesChineseMessages } from '../ui/i18n';
import { showLoading, showToast } from '../ui/toast';
import { signAt } from './newsign';
import { observeServerTime, serverNow } from './server-clock';
import { currentToken, useSession } from './session';

/** Shared with the server (NEWSIGN_SECRET); a freshness check, not a secret. */
const NEWSIGN_SECRET: string = import.meta.env.VITE_NEWSIGN_SECRET || NEWSIGN_DEFAULT_SECRET;

export const LOGIN_ROUTE = '/pages/login/login';

/** A call answered with a status other than success; its message was already shown. */
export class ApiError extends Error {
  constructor(
    readonly envelope: Envelope<unknown>,
    readonly httpStatus: number,
  ) {
    super(envelope.enMsg);
    this.name = 'ApiError';
  }
  get code(): string | undefined {
    return this.envelope.code;
  }
}

/**
 * Whether asking again may answer otherwise: not after the server refused the request itself (a
 * 4xx: not found, not yours, bad input), only after a network failure, a server fault, a timeout
 * or a rate limit. A refusal arrives as HTTP 200 with its status in the envelope (SPEC.md section
 * 7), so both are read.
 */
export function mayRetry(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return !refusedForGood(error.httpStatus) && !refusedForGood(Number(error.envelope.status));
}

/**
 * The title of a page whose one item could not be shown: `refused` (e.g. "This order could not be
 * found") when the server refused it for good, otherwise what went wrong (the network, or the
 * server's own message), so a page offering Retry never says the item does not exist.
 */
export function loadProblem(error: unknown, refused: string): string {
  if (!mayRetry(error)) return refused;
  if (error instanceof ApiError) return envelopeMessage(error.envelope);
  return i18next.t('errors.networkError');
}

/** A 4xx that asking again cannot change (408 and 429 pass with time). */
function refusedForGood(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** What an answer that is no envelope (a proxy's error page, a crash) stands for. */
const SERVER_FAULT: Envelope<null> = {
  status: '500',
  code: 'statusCode500',
  cnMsg: 'StatusCode 500',
  enMsg: 'StatusCode 500',
  data: null,
};

/** The network failed or the call timed out. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('network error', { cause });
    this.name = 'NetworkError';
  }
}

export interface RequestOptions {
  /** Show the loading indicator while the call runs (forms, actions). */
  loading?: boolean;
  /** Do not toast a failure; the caller shows it (polling, background reads). */
  quiet?: boolean;
  /** Idempotency-Key of a money-moving call, generated once per user action. */
  idempotencyKey?: string;
}

/** The message of an envelope in the current language: the pack's text for its code, else cnMsg/enMsg. */
export function envelopeMessage(
  envelope: Pick<Envelope, 'code' | 'params' | 'cnMsg' | 'enMsg'>,
): string {
  const key = envelope.code ? `errors.${envelope.code}` : undefined;
  const successKey = envelope.code ? `success.${envelope.code}` : undefined;
  for (const k of [key, successKey]) {
    if (k && i18next.exists(k)) return i18next.t(k, messageParams(envelope.params));
  }
  return usesChineseMessages() ? envelope.cnMsg : envelope.enMsg;
}

export function currentSign(): Promise<string> {
  return signAt(NEWSIGN_SECRET, serverNow());
}

/** A GET url that carries newsign in its query, for an <img> or a websocket that cannot set headers. */
export async function signedUrl(path: string, query: Record<string, string>): Promise<string> {
  const params = new URLSearchParams({ ...query, sign: await currentSign() });
  return `${path}?${params.toString()}`;
}

function encode(input: object): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  return params;
}

/** A multipart call's body: files (Blob, File) as file parts, everything else as text. */
function encodeMultipart(input: object): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    // Several files under one name (a loan application's images): one part each.
    if (Array.isArray(value) && value.every((v) => v instanceof Blob)) {
      (value as Blob[]).forEach((blob, i) =>
        form.append(key, blob, blob instanceof File ? blob.name : `${key}-${i}.jpg`),
      );
    } else if (value instanceof Blob) {
      form.append(key, value, value instanceof File ? value.name : `${key}.jpg`);
    } else form.append(key, String(value));
  }
  return form;
}

let redirectTimer: ReturnType<typeof setTimeout> | undefined;

/** '401': forget the token, and unless already there, go to login after 1 s. */
function handleUnauthenticated(): void {
  useSession.getState().signOut();
  if (window.location.hash.startsWith(`#${LOGIN_ROUTE}`) || redirectTimer) return;
  redirectTimer = setTimeout(() => {
    redirectTimer = undefined;
    window.location.hash = `#${LOGIN_ROUTE}`;
  }, TIMING.loginRedirectDelayMs);
}

async function send(def: CallDef, input: object, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = {
    appToken: currentToken() ?? '',
    localtimes: String(Date.now()),
    newsign: await currentSign(),
  };
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  const { url: path, rest } = fillPath(def.path, input);
  let url = path;
  let body: URLSearchParams | FormData | undefined;
  if (def.method === 'GET') {
    const query = encode(rest).toString();
    if (query) url += `?${query}`;
  } else {
    body = def.multipart ? encodeMultipart(rest) : encode(rest);
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMING.requestTimeoutMs);
  const sentAt = Date.now();
  try {
    const response = await fetch(url, {
      method: def.method,
      headers,
      body,
      signal: controller.signal,
    });
    observeServerTime(response.headers.get('x-server-time'), sentAt, Date.now());
    return response;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Calls the server the way SPEC.md sections 7 and 8 describe, and answers the envelope: success and
 * business refusals both resolve (a refusal's message is toasted), HTTP 500 and network failures
 * reject. '402' is logged only; when our clock was off, the call is signed again once.
 */
export async function call<C extends CallDef>(
  def: C,
  input: CallInput<C>,
  options: RequestOptions = {},
): Promise<{ envelope: Envelope<CallOutput<C>>; httpStatus: number }> {
  const hideLoading = options.loading ? showLoading() : () => {};
  let response: Response;
  let body: unknown;
  try {
    response = await send(def, input as object, options);
    body = await response.json().catch(() => undefined);
    if (isEnvelope(body) && body.status === STATUS_SILENT) {
      // Signed with a clock the server has just corrected: one more try with the new offset.
      response = await send(def, input as object, options);
      body = await response.json().catch(() => undefined);
    }
  } catch (error) {
    hideLoading();
    if (!options.quiet) showToast(i18next.t('errors.networkError'), 'fail');
    throw new NetworkError(error);
  }
  hideLoading();
  if (response.status >= 500 || !isEnvelope(body)) {
    if (!options.quiet) showToast(i18next.t('errors.statusCode500'), 'fail');
    throw new ApiError(isEnvelope(body) ? body : SERVER_FAULT, response.status);
  }
  const envelope = body as Envelope<CallOutput<C>>;
  if (envelope.status === STATUS_SILENT) {
    console.warn(`${def.path}: ${envelope.enMsg}`);
  } else if (envelope.status === STATUS_UNAUTHENTICATED) {
    if (!options.quiet || currentToken()) showToast(envelopeMessage(envelope));
    handleUnauthenticated();
  } else if (envelope.status !== STATUS_OK && !options.quiet) {
    showToast(envelopeMessage(envelope));
  }
  return { envelope, httpStatus: response.status };
}

/** call() for code that wants the data or an exception (queries and mutations). */
export async function request<C extends CallDef>(
  def: C,
  input: CallInput<C>,
  options: RequestOptions = {},
): Promise<CallOutput<C>> {
  const { envelope, httpStatus } = await call(def, input, options);
  if (envelope.status !== STATUS_OK) throw new ApiError(envelope, httpStatus);
  return envelope.data;
}

/**
 * The bytes a call answers instead of an envelope (`produces`: an uploaded image, which is never a
 * public URL and needs the appToken header). Quiet: the caller shows a placeholder on failure.
 */
export async function requestBlob<C extends CallDef>(def: C, input: CallInput<C>): Promise<Blob> {
  let response: Response;
  try {
    response = await send(def, input as object, {});
  } catch (error) {
    throw new NetworkError(error);
  }
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && !type.includes('json')) return response.blob();
  const body: unknown = await response.json().catch(() => undefined);
  throw new ApiError(isEnvelope(body) ? body : SERVER_FAULT, response.status);
}
