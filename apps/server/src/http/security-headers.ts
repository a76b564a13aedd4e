import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The browser security headers of every answer, configured once here (docs/security.md): the
 * apps, the API, uploaded images, errors and the raw answers Node gives before any route.
 * Strict-Transport-Security belongs to the TLS proxy in front (the server itself speaks plain
 * HTTP, and a self-hosted install on a LAN may have no TLS at all).
 */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  // Other sites never learn which page of the app a trader came from.
  'referrer-policy': 'same-origin',
  // Old browsers without CSP frame-ancestors: no framing at all (clickjacking of the console).
  'x-frame-options': 'DENY',
};

/**
 * What is not a page (JSON, images, scripts): nothing may run or load in it if a browser ever
 * shows it as a document, and nothing may frame it.
 */
export const NON_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** `host` or `host:port` as a browser sends it (names, IPv4, bracketed IPv6). */
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The policy of the two apps' pages (trader app and console): scripts only from the server's own
 * files (no inline script, no eval), no plugins, no framing, no <base> or form posts elsewhere.
 * Styles allow inline: antd's CSS-in-JS (console) inserts <style> elements, and both apps set
 * style attributes. Images may be data: (the app's upload previews) and blob: (the console's
 * fetched uploads). connect-src names the websocket on this host explicitly, since browsers
 * before CSP 3 do not count ws:/wss: as 'self'. Only the host varies: the rest is joined once.
 */
const DOCUMENT_CSP_HEAD = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
].join('; ');
const DOCUMENT_CSP_TAIL = [
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function documentCsp(host: string | undefined): string {
  const sockets = host && HOST.test(host) ? ` ws://${host} wss://${host}` : '';
  return `${DOCUMENT_CSP_HEAD}${sockets}; ${DOCUMENT_CSP_TAIL}`;
}

function isDocument(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('text/html');
}

function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.headers(BASE_SECURITY_HEADERS);
  reply.header(
    'content-security-policy',
    isDocument(reply) ? documentCsp(request.host) : NON_DOCUMENT_CSP,
  );
}

/**
 * Adds the headers to every answer that goes through Fastify's reply (routes, static files, the
 * 404 and error handlers). Call before any route is registered: hooks reach only routes added
 * after them.
 */
export function installSecurityHeaders(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request, reply, payload) => {
    applySecurityHeaders(request, reply);
    return payload;
  });
}

/** For answers sent without the hooks (framework errors before routing). */
export function withSecurityHeaders(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  applySecurityHeaders(request, reply);
  return reply;
}
