import fs from 'node:fs';
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
export { callAt, type CallOptions } from './call';
import { buildApp, type Built } from '../app';
import { DEFAULT_RATE_LIMITS, loadConfig, type Config, type RateLimits } from '../config';
import { checkPlatform } from '../ledger/check';
import { adjustableClock, type AdjustableClock } from '../lib/clock';
import { OUTBOX_FILE, type Delivery } from '../modules/auth/delivery';
import type { FastifyServerOptions } from 'fastify';
import WebSocket from 'ws';
import { callAt, type CallOptions } from './call';
import { freshDatabase, type FreshDatabase } from './database';

export interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  code: string;
  text: string;
  at: number;
}

export interface Frame {
  channel: string;
  data: unknown;
}

/** A live websocket subscription: every frame after the subscription took effect, in order. */
export interface Subscription {
  frames: Frame[];
  /** Resolves with the first frame (already received or still to come) that `match` accepts. */
  next(match: (frame: Frame) => boolean, ms?: number): Promise<Frame>;
  /** Resolves with the close code once the server or the client closed the socket. */
  closed: Promise<number>;
  /** Closes the socket; resolves once it is closed. */
  close(): Promise<number>;
}

/**
 * Opens /ws of the server at `url` (as the user of `token`, if given), subscribes to `channels`
 * and waits until that took effect (the heartbeat answering a ping sent after the subscription).
 */
export async function subscribeAt(
  url: string,
  sign: string,
  channels: string[],
  token?: string,
): Promise<Subscription> {
  const query = new URLSearchParams({ sign, ...(token ? { token } : {}) });
  const socket = new WebSocket(`${url.replace('http', 'ws')}/ws?${query}`);
  const frames: Frame[] = [];
  const watchers = new Set<() => void>();
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('message', (raw: WebSocket.RawData) => {
      const text = Buffer.isBuffer(raw) ? raw.toString('utf8') : String(raw);
      if (text === 'success') {
        socket.send(JSON.stringify({ type: 'sub', channels }));
        // The heartbeat answering this ping comes after the subscription is in place.
        socket.send(JSON.stringify({ type: 1 }));
        return;
      }
      const frame = JSON.parse(text) as Frame;
      if (frame.channel === 'heartbeat') return resolve();
      frames.push(frame);
      for (const watch of watchers) watch();
    });
  });
  return {
    frames,
    closed,
    next(match, ms = 5_000) {
      return new Promise<Frame>((resolve, reject) => {
        const timer = setTimeout(() => {
          watchers.delete(watch);
          reject(new Error(`no matching frame within ${ms} ms on ${channels.join(', ')}`));
        }, ms);
        const watch = () => {
          const found = frames.find(match);
          if (!found) return;
          clearTimeout(timer);
          watchers.delete(watch);
          resolve(found);
        };
        watchers.add(watch);
        watch();
      });
    },
    close: () => {
      socket.close();
      return closed;
    },
  };
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
  /**
   * Stops this server and starts a new one on the same database and clock (a restart); this
   * object must not be used afterwards. `whileDown` runs between the two (time passing, say).
   */
  restart(whileDown?: () => void | Promise<void>): Promise<TestServer>;
  /** Opens /ws (as the user of `token`, if given), subscribes and waits until that took effect. */
  subscribe(channels: string[], token?: string): Promise<Subscription>;
  /** Registers a new trader by email (code read from the outbox) and answers its token. */
  register(
    email?: string,
    password?: string,
  ): Promise<{ email: string; password: string; token: string }>;
  close(): Promise<void>;
}

export async function startServer(
  options: {
    rateLimits?: Partial<RateLimits>;
    env?: Record<string, string>;
    delivery?: Delivery;
    /** Where the server logs (nowhere by default): a test that checks what a request logs. */
    logger?: FastifyServerOptions['logger'];
  } = {},
): Promise<TestServer> {
  const fresh = await freshDatabase();
  const dataDir = fresh.dataDir;
  const config: Config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DATABASE_URL: fresh.url ?? '',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...options.env,
    }),
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
  };
  // Hours rather than days of minute history: every test file starts a server.
  config.market.historyDays = 0.25;
  return serve(fresh, config, adjustableClock(), options.delivery, options.logger ?? false);
}

async function serve(
  fresh: FreshDatabase,
  config: Config,
  clock: AdjustableClock,
  delivery: Delivery | undefined,
  logger: FastifyServerOptions['logger'],
): Promise<TestServer> {
  const dataDir = fresh.dataDir;
  const built = await buildApp({
    config,
    clock,
    logger,
    ...(delivery ? { delivery } : {}),
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
    call: (def, input, opts = {}) => callAt(url, freshSign, def, input, opts),
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
    subscribe: (channels, token) => subscribeAt(url, freshSign(), channels, token),
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
    async restart(whileDown) {
      await built.fastify.close();
      await whileDown?.();
      return serve(fresh, config, clock, delivery, logger);
    },
    async close() {
      // Whatever a test file did, the ledger it leaves behind must be sound.
      const report = await checkPlatform(built.app.db);
      await built.fastify.close();
      await fresh.drop();
      if (!report.ok) throw new Error(`ledger check failed: ${JSON.stringify(report.problems)}`);
    },
  };
  return server;
}

let accountCounter = 0;

/** A unique, valid email for one test. */
/**
 * A second process of the same installation in this test process: an app built with `server`'s
 * configuration and clock (the same database, NATS and settings), listening on a port of its own.
 * Answers the app and its base URL; the caller closes it (`fastify.close()`).
 */

/**
 * A second app of the same installation as `server` (same database, settings and clock), listening
 * on a port of its own: a second server process, in this test's process. `call` calls it.
 */
export async function secondProcess(
  server: TestServer,
): Promise<{ app: Built; url: string; call: TestServer['call'] }> {
  const app = await buildApp({ config: server.config, clock: server.clock, logger: false });
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const address = app.fastify.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;
  const freshSign = () => newsign(server.config.newsignSecret, server.clock.now());
  return { app, url, call: (def, input, opts = {}) => callAt(url, freshSign, def, input, opts) };
}

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
