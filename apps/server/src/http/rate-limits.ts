import type { RateLimitName } from '@tidemark/contract';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { RateLimits } from '../config';
import { DomainError } from './domain-error';

function field(source: unknown, name: string): string | undefined {
  if (typeof source !== 'object' || source === null) return undefined;
  const value = (source as Record<string, unknown>)[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : undefined;
}

/** The account or address a request is about, from its body or query; undefined when none. */
export function accountOf(request: FastifyRequest): string | undefined {
  for (const source of [request.body, request.query]) {
    const raw = field(source, 'account') ?? field(source, 'email') ?? field(source, 'phone');
    if (!raw) continue;
    // A phone with or without its trunk prefix (07400... or 7400...) is one account.
    const id = raw.includes('@') ? raw : raw.replace(/^0+/, '');
    // "+86" and "86" are one dialling code, as the calls' own schema reads it.
    const areaCode = (field(source, 'areaCode') ?? '').replace(/^\+/, '');
    return `${areaCode}:${id}`;
  }
  return undefined;
}

/**
 * The 429 refusal that says when to try again: in seconds under a minute, else in whole minutes
 * (rounded up, so the wait said is never too short), with the exact seconds as Retry-After.
 */
export function tooManyFor(waitMs: number): DomainError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const extras = { retryAfter: seconds };
  return seconds < 60
    ? new DomainError('tooManyWaitSeconds', { seconds }, 429, extras)
    : new DomainError('tooManyWaitMinutes', { minutes: Math.ceil(seconds / 60) }, 429, extras);
}

/**
 * Up to two limits per sensitive call: one per client IP and, where a stranger cannot use it to
 * keep the owner out (registration), one per account. They are counted by one hook:
 * @fastify/rate-limit's own hooks run at most once per request, so a second
 * `fastify.rateLimit` hook on the same route would never count anything.
 */
export function rateLimiters(
  fastify: FastifyInstance,
  limits: RateLimits,
): (name: RateLimitName) => preHandlerHookHandler[] {
  const cache = new Map<RateLimitName, preHandlerHookHandler[]>();
  return (name) => {
    let handlers = cache.get(name);
    if (!handlers) {
      const { perIp, perAccount } = limits[name];
      const checks = [
        fastify.createRateLimit({
          max: perIp.max,
          timeWindow: perIp.windowMs,
          keyGenerator: (request) => `${name}|ip|${request.ip}`,
        }),
      ];
      if (perAccount) {
        checks.push(
          fastify.createRateLimit({
            max: perAccount.max,
            timeWindow: perAccount.windowMs,
            keyGenerator: (request) => `${name}|account|${accountOf(request) ?? ''}`,
            allowList: (request) => accountOf(request) === undefined,
          }),
        );
      }
      const limit: preHandlerHookHandler = async (request) => {
        for (const check of checks) {
          const result = await check(request);
          if (!result.isAllowed && result.isExceeded) throw tooManyFor(result.ttl);
        }
      };
      handlers = [limit];
      cache.set(name, handlers);
    }
    return handlers;
  };
}
