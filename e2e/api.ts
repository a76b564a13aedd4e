import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  authCalls,
  consoleCalls,
  consoleRequest,
  newsign,
  NEWSIGN_DEFAULT_SECRET,
  userCalls,
  type CallDef,
  type CallInput,
  type CallOutput,
  type ConsoleCallDef,
  type ConsoleCallInput,
  type ConsoleCallOutput,
  STATUS_OK,
  type Envelope,
} from '@tidemark/contract';
import { Secret, TOTP } from 'otpauth';
import { serverDataDir, serverUrl } from './target';
import { codeFromOutbox, uniqueEmail } from './browser';

/** The data of a call's answer; any other status fails the test with the server's message. */
async function dataOf<T>(response: Response, url: string): Promise<T> {
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.status !== STATUS_OK) throw new Error(`${url}: ${envelope.enMsg}`);
  return envelope.data;
}

/**
 * Calls the running server directly, as the app would, for set-up that is not under test. `from`
 * is the caller's address as a proxy in front of the server names it (the journeys' servers trust
 * X-Forwarded-For), so traders set up through the API each count against their own address.
 */
export async function api<C extends CallDef>(
  def: C,
  input: CallInput<C>,
  token?: string,
  from?: string,
): Promise<CallOutput<C>> {
  const headers: Record<string, string> = {
    newsign: newsign(NEWSIGN_DEFAULT_SECRET, Date.now()),
    'content-type': 'application/x-www-form-urlencoded',
  };
  if (token) headers.appToken = token;
  if (from) headers['x-forwarded-for'] = from;
  const params = new URLSearchParams(
    Object.entries(input as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
  ).toString();
  const url = `${serverUrl()}${def.path}${def.method === 'GET' && params ? `?${params}` : ''}`;
  const response = await fetch(url, {
    method: def.method,
    headers,
    body: def.method === 'POST' ? params : undefined,
  });
  return dataOf<CallOutput<C>>(response, def.path);
}

/** The seeded demo trader of the README. */
export const DEMO = { email: 'demo@tidemark.dev', password: 'Demo2026' };

export async function demoToken(): Promise<string> {
  return (await api(userCalls.login, { account: DEMO.email, password: DEMO.password })).token;
}

/** A new trader registered by email through the API, for journeys that start after sign-up. */
export async function registerTrader(
  prefix: string,
  password = 'Custody2026',
): Promise<{ email: string; password: string; token: string; userId: number }> {
  const email = uniqueEmail(prefix);
  // Each new trader signs up from an address of their own, as real ones do: the journeys together
  // register more traders than one address may in an hour.
  const from = `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`;
  await api(authCalls.sendMailValidCode, { email, lang: 'en' }, undefined, from);
  const code = await codeFromOutbox(email);
  const { token } = await api(
    userCalls.register,
    { account: email, password, confirmPassword: password, code },
    undefined,
    from,
  );
  const { id } = await api(userCalls.findUserInfo, {}, token);
  return { email, password, token, userId: id };
}

/** The first operator's credentials, as the server wrote them to DATA_DIR/initial-admin.json. */
export interface InitialAdmin {
  username: string;
  password: string;
  totpSecret: string;
}

export function initialAdmin(): InitialAdmin {
  const file = path.join(serverDataDir(), 'initial-admin.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as InitialAdmin;
}

/** The code an authenticator app shows now for the secret (SHA-1, 6 digits, 30 s). */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  }).generate({ timestamp });
}

/** Milliseconds left in the current 30-second TOTP step. */
export function totpStepRemaining(timestamp = Date.now()): number {
  return 30_000 - (timestamp % 30_000);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The code of a 30-second step no sign-in of this run has used yet on the server under test: the
 * server refuses a code used again (a replay), and journeys one after another may sign in within
 * one step. The steps used are kept in the server's data directory, which every journey file of
 * that server shares; when the current step is taken (or nearly over) this waits for the next.
 */
export async function unusedTotpCode(secret: string): Promise<string> {
  const file = path.join(serverDataDir(), 'e2e-totp-steps.json');
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / 30_000);
    const used = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as number[]) : [];
    // At least 3 s left, so a code typed into the console still belongs to the step recorded.
    if (!used.includes(step) && totpStepRemaining(now) > 3_000) {
      fs.writeFileSync(file, JSON.stringify([...used, step]));
      return totpCode(secret, now);
    }
    await sleep(totpStepRemaining(now) + 200);
  }
}

/**
 * The first operator's API session on the server under test, signed in once per server and run
 * (kept in its data directory) for every journey that only needs to call the operator API.
 */
export async function operatorApiSession(): Promise<string> {
  const file = path.join(serverDataDir(), 'e2e-operator-token');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
  const admin = initialAdmin();
  const { token } = await consoleApi(
    consoleCalls.login,
    {
      username: admin.username,
      password: admin.password,
      totp: await unusedTotpCode(admin.totpSecret),
    },
    '',
  );
  fs.writeFileSync(file, token);
  return token;
}

/** Calls the operator API with an operator's bearer token, to read what the console shows. */
export async function consoleApi<C extends ConsoleCallDef>(
  call: C,
  input: ConsoleCallInput<C>,
  token: string,
): Promise<ConsoleCallOutput<C>> {
  const { method, url, body } = consoleRequest(call, input);
  const response = await fetch(`${serverUrl()}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body,
  });
  return dataOf<ConsoleCallOutput<C>>(response, url);
}
