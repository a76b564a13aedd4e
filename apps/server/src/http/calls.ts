import {
  listCalls,
  isErrorKey,
  pathParams,
  type CallDef,
  type CallOutput,
  type ParsedInput,
  type RateLimitName,
} from '@tidemark/contract';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import * as z from 'zod/mini';
import { sessionUser } from '../modules/auth/session.service';
import type { AppContext, AuthUser, RequestContext } from './context';
import { DomainError } from './domain-error';
import { okEnvelope } from './envelope';

export type Handler<C extends CallDef> = (
  input: ParsedInput<C>,
  ctx: RequestContext,
) => Promise<CallOutput<C>>;

/** A contract call and the function that serves it. */
export interface BoundCall {
  call: CallDef;
  handler: (input: unknown, ctx: RequestContext) => Promise<unknown>;
}

/** Binds a handler to its call; the types of input and output come from the contract. */
export function handle<C extends CallDef>(call: C, handler: Handler<C>): BoundCall {
  return { call, handler: handler as BoundCall['handler'] };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every route registered from the contract. */
    call?: CallDef;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/**
 * The first failing field's catalogue key, with the params its text needs (a limit); a message
 * that is not a key means bad shape.
 */
export function validationError(error: {
  issues: readonly { message: string; params?: Record<string, unknown> }[];
}): DomainError {
  const first = error.issues[0];
  const message = first?.message;
  if (!isErrorKey(message)) return new DomainError('invalidInput');
  const params = Object.entries(first?.params ?? {}).filter(
    (entry): entry is [string, string | number] =>
      typeof entry[1] === 'string' || typeof entry[1] === 'number',
  );
  return new DomainError(message, params.length ? Object.fromEntries(params) : undefined);
}

export function headerText(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export async function authenticate(
  app: AppContext,
  request: FastifyRequest,
  required: boolean,
): Promise<AuthUser | null> {
  const token = headerText(request, 'appToken');
  if (!token) {
    if (required) throw new DomainError('notLoggedIn');
    return null;
  }
  const user = await sessionUser(app, token);
  if (!user && required) throw new DomainError('sessionExpired');
  return user;
}

/**
 * The call's input check: synchronous (no promise per check and field) until the schema turns out
 * to have an asynchronous part, then asynchronous for that call from then on. Schemas are pure, so
 * checking a request again is harmless.
 */
function inputParser(call: CallDef) {
  let asynchronous = false;
  return (source: unknown) => {
    if (!asynchronous) {
      try {
        return call.input.safeParse(source);
      } catch (error) {
        if (!(error instanceof z.core.$ZodAsyncError)) throw error;
        asynchronous = true;
      }
    }
    return call.input.safeParseAsync(source);
  };
}

/**
 * Registers every bound call as a route. Refuses a call missing from the contract or bound twice,
 * so the route table and the contract cannot drift apart.
 */
export function registerCalls(
  fastify: FastifyInstance,
  app: AppContext,
  bound: readonly BoundCall[],
  limiters: (name: RateLimitName) => preHandlerHookHandler[],
): void {
  const known = new Set(listCalls());
  const seen = new Set<CallDef>();
  for (const { call, handler } of bound) {
    if (!known.has(call)) throw new Error(`${call.method} ${call.path} is not in the contract`);
    if (seen.has(call)) throw new Error(`${call.method} ${call.path} is bound twice`);
    seen.add(call);
    // A path's `:name` segments are input fields like the query's (GET /api/options/settlements/:seq).
    const withPathFields = call.method === 'GET' && pathParams(call.path).length > 0;
    const parse = inputParser(call);
    fastify.route({
      method: call.method,
      url: call.path,
      config: { call },
      preHandler: (call.limits ?? []).flatMap(limiters),
      handler: async (request, reply) => {
        const user = await authenticate(app, request, call.auth === 'user');
        request.user = user;
        const source =
          call.method !== 'GET'
            ? (request.body ?? {})
            : withPathFields
              ? { ...(request.query as object), ...(request.params as object) }
              : request.query;
        const parsed = await parse(source);
        if (!parsed.success) throw validationError(parsed.error);
        const output = await handler(parsed.data, {
          app,
          user,
          ip: request.ip,
          userAgent: headerText(request, 'user-agent') ?? '',
          idempotencyKey: headerText(request, 'idempotency-key'),
        });
        if (call.produces)
          return reply.type(call.produces).header('cache-control', 'no-store').send(output);
        return okEnvelope(output, call.success);
      },
    });
  }
}
