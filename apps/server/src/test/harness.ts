import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  authCalls,
  newsign,
  userCalls,
  type CallDef,
  type CallInput,
  type CallOutput,
  type Envelope,
} from '@tidemark/contract';
import pg from 'pg';
import { buildApp, type Built } from '../app';
import { DEFAULT_RATE_LIMITS, loadConfig, type Config, type RateLimits } from '../config';
import { adjustableClock, type AdjustableClock } from '../lib/clock';
import { OUTBOX_FILE, type Delivery } from '../modules/auth/delivery';

export interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  code: string;
  text: string;
  at: number;
}

export interface CallOptions {
  token?: string | undefined;
  /** Override the newsign header; null sends none. */
  sign?: string | null;
  /** Send the input as JSON instead of a form. */
  json?: boolean;
  headers?: Record<string, string>;
}

export interface TestServer extends Built {
  url: string;
  clock: AdjustableClock;
  config: Config;
  /** Calls a contract call over HTTP the way the web app does; answers the envelope. */
  call<C extends CallDef>(
    def: C,
    input: CallInput<C>,
    options?: CallOptions,
  ): Promise<Envelope<CallOutput<C>>>;
  /** Raw fetch against the server with a fresh newsign unless one is given. */
  fetch(pathname: string, init?: RequestInit & { sign?: string | null }): Promise<Response>;
  outbox(): OutboxMessage[];
  /** The newest code sent to an address ("a@b.co" or "+86 13800000000"). */
  lastCode(to: string): string;
  /** Registers a new trader by email (code read from the outbox) and answers its token. */
  register(
    email?: string,
    password?: string,
  ): Promise<{ email: string; password: string; token: string }>;
  close(): Promise<void>;
}

/**
 * A fresh PostgreSQL database per server when DATABASE_URL is set (CI's second leg), so test files
 * never share state; otherwise a fresh SQLite file in a temporary DATA_DIR.
 */
async function createPostgresDatabase(
  baseUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tidemark_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function startServer(
  options: {
    rateLimits?: Partial<RateLimits>;
    env?: Record<string, string>;
    delivery?: Delivery;
  } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-test-'));
  const pgDb = process.env.DATABASE_URL
    ? await createPostgresDatabase(process.env.DATABASE_URL)
    : null;
  const config: Config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DATABASE_URL: pgDb?.url ?? '',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...options.env,
    }),
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
  };
  const clock = adjustableClock();
  const built = await buildApp({
    config,
    clock,
    logger: false,
    ...(options.delivery ? { delivery: options.delivery } : {}),
  });
  await built.fastify.listen({ port: 0, host: '127.0.0.1' });
  const address = built.fastify.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;

  const freshSign = () => newsign(config.newsignSecret, clock.now());

  const server: TestServer = {
    ...built,
    url,
    clock,
    config,
    async call(def, input, opts = {}) {
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
      return (await response.json()) as Envelope<CallOutput<typeof def>>;
    },
    fetch(pathname, init = {}) {
      const headers = new Headers(init.headers);
      if (init.sign !== null && !headers.has('newsign'))
        headers.set('newsign', init.sign ?? freshSign());
      return fetch(`${url}${pathname}`, { ...init, headers });
    },
    outbox() {
      const file = path.join(dataDir, OUTBOX_FILE);
      if (!fs.existsSync(file)) return [];
      return fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as OutboxMessage);
    },
    lastCode(to) {
      const message = server
        .outbox()
        .filter((m) => m.to === to)
        .at(-1);
      if (!message) throw new Error(`no code was sent to ${to}`);
      return message.code;
    },
    async register(email = uniqueEmail(), password = GOOD_PASSWORD) {
      const sent = await server.call(authCalls.sendMailValidCode, { email });
      if (sent.status !== 1) throw new Error(`sendMailValidCode: ${sent.enMsg}`);
      const code = server.lastCode(email);
      const registered = await server.call(userCalls.register, {
        account: email,
        password,
        confirmPassword: password,
        code,
      });
      if (registered.status !== 1) throw new Error(`register: ${registered.enMsg}`);
      return { email, password, token: registered.data.token };
    },
    async close() {
      await built.fastify.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

let accountCounter = 0;

/** A unique, valid email for one test. */
export function uniqueEmail(prefix = 'trader'): string {
  accountCounter += 1;
  return `${prefix}.${process.pid}.${accountCounter}.${Math.random().toString(36).slice(2, 7)}@example.com`;
}

export const GOOD_PASSWORD = 'Harbour2026';

const ROOMY = {
  perIp: { max: 100_000, windowMs: 60_000 },
  perAccount: { max: 100_000, windowMs: 60_000 },
};

/** Far more registrations, codes and logins than the default limits allow from one address. */
export const ROOMY_LIMITS: RateLimits = {
  register: ROOMY,
  login: ROOMY,
  sendCode: ROOMY,
  passwordReset: ROOMY,
};
