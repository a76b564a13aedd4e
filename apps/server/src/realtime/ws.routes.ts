import { isFreshNewsign } from '@tidemark/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../http/context';
import { sessionUser } from '../modules/auth/session.service';

const query = z.object({
  token: z.string().max(200).optional(),
  sign: z.string().max(20).optional(),
  localtimes: z.string().max(20).optional(),
});

const clientMessage = z.union([
  z.object({ type: z.literal(1) }),
  z.object({ type: z.enum(['sub', 'unsub']), channels: z.array(z.string().max(80)).max(64) }),
]);

/**
 * Close codes: the request's newsign was stale; the token was not valid, or its session has just
 * ended; the origin is not allowed.
 */
export const WS_CLOSE = { staleSign: 4402, badToken: 4401, badOrigin: 4403 } as const;

export function originAllowed(app: AppContext, request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true; // not a browser
  try {
    const { host } = new URL(origin);
    return host === request.headers.host || app.config.allowedOrigins.includes(origin);
  } catch {
    return false;
  }
}

/**
 * /ws (SPEC.md section 7): query token, sign and localtimes; answers plain `success`, then JSON.
 * The client's `{"type":1}` heartbeat is answered with the server time.
 */
export function registerWebsocket(fastify: FastifyInstance, app: AppContext): void {
  const hub = app.hub;
  fastify.get('/ws', { websocket: true }, async (socket, request) => {
    const params = query.safeParse(request.query);
    if (!originAllowed(app, request)) return socket.close(WS_CLOSE.badOrigin, 'origin not allowed');
    if (
      !params.success ||
      !isFreshNewsign(app.config.newsignSecret, params.data.sign, app.clock.now())
    ) {
      return socket.close(WS_CLOSE.staleSign, 'stale sign');
    }
    const user = params.data.token ? await sessionUser(app, params.data.token) : null;
    if (params.data.token && !user) return socket.close(WS_CLOSE.badToken, 'invalid token');
    const client = hub.add(socket, user);
    socket.on('close', () => hub.remove(client));
    socket.on('message', (raw: Buffer) => {
      let message: z.output<typeof clientMessage>;
      try {
        message = clientMessage.parse(JSON.parse(raw.toString('utf8')));
      } catch {
        socket.send(JSON.stringify({ channel: 'error', data: { message: 'invalid message' } }));
        return;
      }
      if (message.type === 1) {
        socket.send(
          JSON.stringify({ channel: 'heartbeat', data: { serverTime: app.clock.now() } }),
        );
      } else if (message.type === 'sub') {
        const refused = hub.subscribe(client, message.channels);
        if (refused.length) socket.send(JSON.stringify({ channel: 'error', data: { refused } }));
      } else {
        hub.unsubscribe(client, message.channels);
      }
    });
    socket.send('success');
  });
}
