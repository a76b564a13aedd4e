import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  CONSOLE_API_PREFIX,
  listConsoleCalls,
  roleAllows,
  type ConsoleCallDef,
  type ConsoleCallOutput,
  type ConsoleParsedInput,
} from '@tidemark/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { builtAppOptions } from '../../http/built-app';
import { validationError } from '../../http/calls';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { errorEnvelope, okEnvelope } from '../../http/envelope';
import type { Actor } from './console.audit';
import { authenticate, type OperatorPrincipal } from './operator.service';

/** What an operator call's handler gets: the app, the caller (null only for login) and the IP. */
export interface ConsoleContext {
  app: AppContext;
  operator: OperatorPrincipal | null;
  ip: string;
}

/** The answer of a call that produces bytes instead of the envelope (an uploaded image). */
export interface RawAnswer {
  mediaType: string;
  bytes: Buffer;
}

export type ConsoleHandler<C extends ConsoleCallDef> = (
  input: ConsoleParsedInput<C>,
  ctx: ConsoleContext,
) => Promise<ConsoleCallOutput<C>>;

/** An operator call and the function that serves it. */
export interface BoundConsoleCall {
  call: ConsoleCallDef;
  handler: (input: unknown, ctx: ConsoleContext) => Promise<unknown>;
}

export function consoleHandle<C extends ConsoleCallDef>(
  call: C,
  handler: ConsoleHandler<C>,
): BoundConsoleCall {
  return { call, handler: handler as BoundConsoleCall['handler'] };
}

/** The caller of a call that needs a token (every call but login has one by then). */
export function callerOf(ctx: ConsoleContext): OperatorPrincipal {
  if (!ctx.operator) throw new DomainError('notLoggedIn');
  return ctx.operator;
}

export function actorOf(ctx: ConsoleContext): Actor {
  return { operatorId: callerOf(ctx).id, ip: ctx.ip };
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

function isRawAnswer(value: unknown): value is RawAnswer {
  return (
    typeof value === 'object' &&
    value !== null &&
    'bytes' in value &&
    Buffer.isBuffer((value as RawAnswer).bytes)
  );
}

/** Per-IP and per-username request limits of the console login (sizes of the trader login's). */
function loginLimiter(fastify: FastifyInstance, app: AppContext) {
  const { perIp, perAccount } = app.config.rateLimits.login;
  const username = (request: FastifyRequest) => {
    const body = request.body as { username?: unknown } | undefined;
    return typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
  };
  const checks = [
    fastify.createRateLimit({
      max: perIp.max,
      timeWindow: perIp.windowMs,
      keyGenerator: (request) => `console-login|ip|${request.ip}`,
    }),
    fastify.createRateLimit({
      max: perAccount.max,
      timeWindow: perAccount.windowMs,
      keyGenerator: (request) => `console-login|user|${username(request)}`,
    }),
  ];
  return async (request: FastifyRequest, reply: FastifyReply) => {
    for (const check of checks) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new DomainError('tooManyRequests', undefined, 429);
      }
    }
  };
}

const notFoundEnvelope = (reply: FastifyReply) => reply.code(404).send(errorEnvelope('notFound'));

/**
 * The operator console: its API under /console/api (every call of the console contract, bound
 * once: a call bound twice or outside the contract stops the server from starting, a missing one
 * is logged and fails the route tests), and, when it has been
 * built, the console app at /console with the history fallback to its index.html. An unknown
 * /console/api path answers the 404 envelope, never the app.
 */
export async function registerConsole(
  fastify: FastifyInstance,
  app: AppContext,
  options: { routes: readonly BoundConsoleCall[]; dist: string },
): Promise<void> {
  const known = new Set(listConsoleCalls());
  const seen = new Set<ConsoleCallDef>();
  for (const { call } of options.routes) {
    if (!known.has(call))
      throw new Error(`${call.method} ${call.path} is not in the console contract`);
    if (seen.has(call)) throw new Error(`${call.method} ${call.path} is bound twice`);
    seen.add(call);
  }
  // A contract call with no handler yet answers the unknown-path envelope; the route tests
  // (console.routes.test.ts, http.test.ts) fail the build for it, so none ships.
  const unbound = [...known].filter((call) => !seen.has(call));
  if (unbound.length)
    fastify.log.error(
      { calls: unbound.map((c) => `${c.method} ${c.path}`) },
      'console calls without a handler',
    );

  const limitLogin = loginLimiter(fastify, app);
  const distIndex = path.join(options.dist, 'index.html');
  const hasApp = fs.existsSync(distIndex);

  await fastify.register(
    async (scope) => {
      for (const { call, handler } of options.routes) {
        scope.route({
          method: call.method,
          url: call.path.slice('/console'.length),
          ...(call.roles === 'public' ? { preHandler: limitLogin } : {}),
          handler: async (request, reply) => {
            let operator: OperatorPrincipal | null = null;
            if (call.roles !== 'public') {
              const token = bearerToken(request);
              if (!token) throw new DomainError('notLoggedIn');
              operator = await authenticate(app, token);
              if (!operator) throw new DomainError('sessionExpired');
              if (!roleAllows(call, operator.role)) throw new DomainError('forbidden');
            }
            const source = call.method === 'GET' ? request.query : (request.body ?? {});
            const params = request.params as Record<string, string>;
            // Path parameters win over fields of the same name in the body or query.
            const parsed = await call.input.safeParseAsync({
              ...(typeof source === 'object' ? source : {}),
              ...params,
            });
            if (!parsed.success) throw validationError(parsed.error);
            reply.header('cache-control', 'no-store');
            const output = await handler(parsed.data, { app, operator, ip: request.ip });
            if (call.produces) {
              if (!isRawAnswer(output)) throw new Error(`${call.path} answered no bytes`);
              return reply
                .type(output.mediaType)
                .header('x-content-type-options', 'nosniff')
                .header('content-disposition', 'inline')
                .send(output.bytes);
            }
            return okEnvelope(output);
          },
        });
      }

      if (hasApp) {
        await scope.register(fastifyStatic, {
          ...builtAppOptions(options.dist),
          prefix: '/',
          decorateReply: false,
          // /console/ is the app's index like every other page of it (a list: preCompressed
          // looks for the index's .br and .gz copies only in a list).
          index: ['index.html'],
        });
      }

      scope.setNotFoundHandler(async (request, reply) => {
        const pathname = request.url.split('?')[0] ?? '';
        const isApi =
          pathname === CONSOLE_API_PREFIX || pathname.startsWith(`${CONSOLE_API_PREFIX}/`);
        if (isApi || !hasApp || (request.method !== 'GET' && request.method !== 'HEAD'))
          return notFoundEnvelope(reply);
        // The console's router decides what /console/<anything> shows.
        const html = await fs.promises.readFile(distIndex);
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(html);
      });
    },
    { prefix: '/console' },
  );
}
