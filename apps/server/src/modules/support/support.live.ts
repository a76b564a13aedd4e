import { roleAllows, supportConsoleCalls } from '@tidemark/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../http/context';
import { originAllowed, WS_CLOSE } from '../../realtime/ws.routes';
import { authenticate } from '../console/operator.service';
import { SUPPORT_CONSOLE_CHANNEL } from './support.service';

/** The console's live inbox: a websocket path of the operator API. */
export const SUPPORT_LIVE_PATH = '/console/api/support/live';

const query = z.object({ token: z.string().max(200).optional() });

/**
 * Operators' live feed of the support inbox (a browser cannot send the bearer header on a
 * websocket, so the token comes in the query and is redacted from logs like the trader's). The
 * server joins the socket to the inbox channel itself: it carries `support.conversation` events,
 * after which the console reloads what it shows. Support and admin only.
 */
export function registerSupportLive(fastify: FastifyInstance, app: AppContext): void {
  fastify.get(SUPPORT_LIVE_PATH, { websocket: true }, async (socket, request) => {
    if (!originAllowed(app, request)) return socket.close(WS_CLOSE.badOrigin, 'origin not allowed');
    const params = query.safeParse(request.query);
    const operator =
      params.success && params.data.token ? await authenticate(app, params.data.token) : null;
    if (!operator || !roleAllows(supportConsoleCalls.listSupportConversations, operator.role)) {
      return socket.close(WS_CLOSE.badToken, 'invalid token');
    }
    const client = app.hub.add(socket, null);
    app.hub.join(client, SUPPORT_CONSOLE_CHANNEL);
    socket.on('close', () => app.hub.remove(client));
    const token = params.data?.token ?? '';
    socket.on('message', () => {
      // Any message is a heartbeat. The session is checked again on each: an operator logged out,
      // disabled or expired stops receiving the inbox.
      void authenticate(app, token).then(
        (still) => {
          if (!still) return socket.close(WS_CLOSE.badToken, 'session ended');
          socket.send(
            JSON.stringify({ channel: 'heartbeat', data: { serverTime: app.clock.now() } }),
          );
        },
        () => socket.close(1011, 'session check failed'),
      );
    });
    socket.send('success');
  });
}
