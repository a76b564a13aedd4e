import type * as z from 'zod/mini';
import type { SuccessKey } from './errors';

export type HttpMethod = 'GET' | 'POST';

/**
 * public: no token needed; user: a valid appToken or status '401'; optional: the token is read when
 * present (a visitor gets the public answer).
 */
export type CallAuth = 'public' | 'user' | 'optional';

export type RateLimitName = 'login' | 'register' | 'sendCode' | 'passwordReset';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the widest schema a call may take
export type AnySchema = z.ZodMiniType<any, any>;

export interface CallDef<In extends AnySchema = AnySchema, Out extends AnySchema = AnySchema> {
  method: HttpMethod;
  /** Exactly as spec/endpoints.tsv spells it. */
  path: string;
  area: string;
  auth: CallAuth;
  summary: string;
  input: In;
  output: Out;
  /** Beyond the spec's call list (DESIGN.md section 1.3: ours, in the same style). */
  ours?: true;
  /** Money-moving: accepts an optional Idempotency-Key header (DESIGN.md section 4). */
  idempotent?: true;
  /** Answers raw bytes of this media type instead of the JSON envelope (captcha image). */
  produces?: string;
  /** Sent as multipart/form-data: some fields are files (Blob in the app, bytes on the server). */
  multipart?: true;
  /** The success text of the answer's envelope (default `operation`). */
  success?: SuccessKey;
  /** Rate limits the server applies, by name (the server's config gives their sizes). */
  limits?: readonly RateLimitName[];
}

/* @__NO_SIDE_EFFECTS__ */
export function defineCall<In extends AnySchema, Out extends AnySchema>(
  def: CallDef<In, Out>,
): CallDef<In, Out> {
  return def;
}

export type CallInput<C extends CallDef> = z.input<C['input']>;
export type ParsedInput<C extends CallDef> = z.output<C['input']>;
export type CallOutput<C extends CallDef> = z.output<C['output']>;

/**
 * A call's path with its `:name` segments filled in from the input fields of those names
 * (encoded), and the rest of the input: path fields travel in the path, not again in the query
 * or the body. The web app's client and the console's requests both send through it.
 */
export function fillPath(
  path: string,
  input: object,
): { url: string; rest: Record<string, unknown> } {
  const rest: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  const url = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = rest[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`${path}: the input has no ${name}`);
    }
    delete rest[name];
    return encodeURIComponent(String(value as string | number));
  });
  return { url, rest };
}
