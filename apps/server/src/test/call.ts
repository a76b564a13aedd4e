import type { CallDef, CallInput, CallOutput, Envelope } from '@tidemark/contract';

/**
 * A contract call over HTTP, the way the web app makes it: GET input in the query, else a form (or
 * JSON); a fresh newsign and the trader's token as headers. Light on purpose (no app import), so
 * the tests that drive a server in another process use it too.
 */
export interface CallOptions {
  token?: string | undefined;
  /** Override the newsign header; null sends none. */
  sign?: string | null;
  /** Send the input as JSON instead of a form. */
  json?: boolean;
  headers?: Record<string, string>;
}

/** A contract call over HTTP to the server at `url`, the way the web app makes it. */
export async function callAt<C extends CallDef>(
  url: string,
  freshSign: () => string,
  def: C,
  input: CallInput<C>,
  opts: CallOptions = {},
): Promise<Envelope<CallOutput<C>>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.sign !== null) headers.newsign = opts.sign ?? freshSign();
  if (opts.token) headers.appToken = opts.token;
  const entries = Object.entries(input as Record<string, unknown>).filter(
    ([, v]) => v !== undefined,
  );
  let target = `${url}${def.path}`;
  let body: string | undefined;
  if (def.method === 'GET') {
    const qs = new URLSearchParams(
      entries.map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    if (qs) target += `?${qs}`;
  } else if (opts.json) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(Object.fromEntries(entries));
  } else {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(
      entries.map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
  }
  const response = await fetch(target, { method: def.method, headers, body });
  return (await response.json()) as Envelope<CallOutput<C>>;
}
