import type * as z from 'zod/mini';
import { fillPath, type AnySchema, type HttpMethod } from '../call';

/**
 * The operator API (ours, DESIGN.md section 4): REST-style under /console/api, JSON bodies,
 * `Authorization: Bearer <token>`, the same envelope as the trader calls; no newsign, no appToken.
 */
export const CONSOLE_API_PREFIX = '/console/api';

/** admin may do everything; reviewer works the queues; support helps traders. */
export const OPERATOR_ROLES = ['admin', 'reviewer', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export interface ConsoleCallDef<
  In extends AnySchema = AnySchema,
  Out extends AnySchema = AnySchema,
> {
  method: HttpMethod;
  /** Under /console/api; `:name` segments are taken from the input field of that name. */
  path: string;
  /**
   * Who may call it: 'public' needs no token (login only); otherwise the roles allowed (admin is
   * always among them). Another role answers the '403' forbidden envelope.
   */
  roles: 'public' | readonly OperatorRole[];
  summary: string;
  /** Path parameters, query (GET) or JSON body (POST), as one object. */
  input: In;
  output: Out;
  /** Changes state: the server writes an audit row in the same transaction. */
  audited?: true;
  /** Answers raw bytes of this media type instead of the JSON envelope (an uploaded image). */
  produces?: string;
}

/* @__NO_SIDE_EFFECTS__ */
export function defineConsoleCall<In extends AnySchema, Out extends AnySchema>(
  def: ConsoleCallDef<In, Out>,
): ConsoleCallDef<In, Out> {
  return def;
}

export type ConsoleCallInput<C extends ConsoleCallDef> = z.input<C['input']>;
export type ConsoleParsedInput<C extends ConsoleCallDef> = z.output<C['input']>;
export type ConsoleCallOutput<C extends ConsoleCallDef> = z.output<C['output']>;

/** Whether an operator of `role` may make the call. */
export function roleAllows(call: ConsoleCallDef, role: OperatorRole): boolean {
  return call.roles === 'public' || role === 'admin' || call.roles.includes(role);
}

/** The names of a path's `:name` segments. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
}

/**
 * How to send a call: the URL with its path parameters filled in (and, for GET, the rest of the
 * input as the query), and for POST the rest as the JSON body. Undefined and empty values are left
 * out of a query.
 */
export function consoleRequest<C extends ConsoleCallDef>(
  call: C,
  input: ConsoleCallInput<C>,
): { method: HttpMethod; url: string; body: string | undefined } {
  const { url, rest } = fillPath(call.path, input);
  if (call.method === 'GET') {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(rest)) {
      if (value === undefined || value === null || value === '') continue;
      query.set(key, String(value as string | number | boolean));
    }
    const qs = query.toString();
    return { method: 'GET', url: qs ? `${url}?${qs}` : url, body: undefined };
  }
  return { method: call.method, url, body: JSON.stringify(rest) };
}
