import type { Socket } from 'node:net';
import type { ErrorKey } from '@tidemark/contract';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { errorEnvelope } from './envelope';
import { BASE_SECURITY_HEADERS, NON_DOCUMENT_CSP, withSecurityHeaders } from './security-headers';

/**
 * Requests refused before a route runs (Node's HTTP parser, Fastify's router, the body parsers)
 * are answered like every other refusal: the envelope with a catalogue text and its HTTP status,
 * the security headers, and a log line at info level without a stack (a client's mistake is not
 * a fault, and anyone could flood the log with them).
 */

// --- Node's HTTP parser (before Fastify sees a request) ------------------------------------------

/** The parser's errors worth their own text; any other is a malformed request. */
const CLIENT_ERRORS: Record<string, [ErrorKey, number]> = {
  HPE_HEADER_OVERFLOW: ['headersTooLarge', 431],
  ERR_HTTP_REQUEST_TIMEOUT: ['requestTimeout', 408],
  ERR_HTTP_HEADERS_TIMEOUT: ['requestTimeout', 408],
};

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/** How long a refused connection may take to read the answer before it is closed. */
const LINGER_MS = 5_000;

/**
 * Fastify's `clientErrorHandler`: the parser gave up on the bytes (a URL or headers past the
 * limit, a broken request line, a client too slow to send its headers). The answer is written
 * straight to the socket, then the socket ends; what the client still sends is read and dropped
 * meanwhile, so it sees the answer rather than a reset.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [key, status] = CLIENT_ERRORS[error.code ?? ''] ?? ['malformedRequest', 400];
  this.log.info({ code: error.code, status }, 'request refused by the HTTP parser');
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(errorEnvelope(key));
  const headers: Record<string, string | number> = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    connection: 'close',
    ...BASE_SECURITY_HEADERS,
    'content-security-policy': NON_DOCUMENT_CSP,
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.on('data', () => undefined);
  socket.on('error', () => undefined);
  socket.end(`HTTP/1.1 ${status} ${REASONS[status]}\r\n${head}\r\n${body}`);
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

// --- Fastify's router (before a route is chosen) -------------------------------------------------

/** The router's refusals: a path segment past maxParamLength, a URL that does not decode. */
const FRAMEWORK_ERRORS: Record<string, [ErrorKey, number]> = {
  FST_ERR_MAX_PARAM_LENGTH: ['urlTooLong', 414],
  FST_ERR_BAD_URL: ['malformedRequest', 400],
};

/** Fastify's `frameworkErrors`: the router's refusals, as the envelope. */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) => {
  const known = FRAMEWORK_ERRORS[error.code];
  if (!known) {
    request.log.error({ err: error }, 'request failed before routing');
    void withSecurityHeaders(request, reply).code(500).send(errorEnvelope('statusCode500'));
    return;
  }
  request.log.info({ code: error.code }, 'request refused by the router');
  void withSecurityHeaders(request, reply).code(known[1]).send(errorEnvelope(known[0]));
};

// --- Bodies --------------------------------------------------------------------------------------

/** Requests whose multipart body is being read (between the hooks around @fastify/multipart). */
const readingMultipart = new WeakSet<FastifyRequest>();

/**
 * Marks the span of @fastify/multipart's body reading: call with 'before' just before registering
 * it and 'after' just after. An error thrown in that span is the body's fault (no boundary,
 * truncated, a broken part header): the parser throws plain errors without a code or status.
 */
export function markMultipartReading(fastify: FastifyInstance, at: 'before' | 'after'): void {
  fastify.addHook('preValidation', async (request) => {
    if (at === 'before') readingMultipart.add(request);
    else readingMultipart.delete(request);
  });
}

/** Whether an error without a status arose while reading a multipart body. */
export function isMalformedBody(request: FastifyRequest): boolean {
  return readingMultipart.has(request);
}

/** At most this much of a body nobody reads is read and dropped after an early answer. */
const DRAIN_LIMIT_BYTES = 64 * 1_048_576;
const DRAIN_LIMIT_MS = 30_000;

/**
 * An answer sent before the request's body was read whole (a body over the limit, a refusal in
 * a hook): Fastify then marks the connection to be closed, and closing a socket with unread
 * bytes resets it, so a client still sending a 2 MB body gets a reset instead of the 413. Read
 * and drop the rest instead (keeping the connection), up to a limit in bytes and time past
 * which the connection is cut.
 */
function drainUnreadBody(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  if (raw.complete || raw.readableEnded || raw.destroyed) return;
  if (reply.getHeader('connection') === 'close') reply.removeHeader('connection');
  let received = 0;
  const cut = () => raw.socket.destroy();
  const timer = setTimeout(cut, DRAIN_LIMIT_MS).unref();
  const stop = () => clearTimeout(timer);
  raw.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > DRAIN_LIMIT_BYTES) {
      stop();
      cut();
    }
  });
  raw.once('end', stop);
  raw.once('close', stop);
  raw.resume();
}

/** Installs the draining for every answer (onSend: before the headers are written). */
export function installBodyDraining(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request, reply, payload) => {
    drainUnreadBody(request, reply);
    return payload;
  });
}
