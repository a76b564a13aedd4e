import {
  newsign,
  NEWSIGN_DEFAULT_SECRET,
  userCalls,
  type CallDef,
  type CallInput,
  type CallOutput,
  type Envelope,
} from '@tidemark/contract';
import { inject } from 'vitest';

/** Calls the running server directly, as the app would, for set-up that is not under test. */
export async function api<C extends CallDef>(
  def: C,
  input: CallInput<C>,
  token?: string,
): Promise<CallOutput<C>> {
  const headers: Record<string, string> = {
    newsign: newsign(NEWSIGN_DEFAULT_SECRET, Date.now()),
    'content-type': 'application/x-www-form-urlencoded',
  };
  if (token) headers.appToken = token;
  const params = new URLSearchParams(
    Object.entries(input as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
  ).toString();
  const url = `${inject('baseUrl')}${def.path}${def.method === 'GET' && params ? `?${params}` : ''}`;
  const response = await fetch(url, {
    method: def.method,
    headers,
    body: def.method === 'POST' ? params : undefined,
  });
  const envelope = (await response.json()) as Envelope<CallOutput<C>>;
  if (envelope.status !== 1) throw new Error(`${def.path}: ${envelope.enMsg}`);
  return envelope.data;
}

/** The seeded demo trader of the README. */
export const DEMO = { email: 'demo@tidemark.dev', password: 'Demo2026' };

export async function demoToken(): Promise<string> {
  return (await api(userCalls.login, { account: DEMO.email, password: DEMO.password })).token;
}
