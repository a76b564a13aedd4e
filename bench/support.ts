// What the benchmarks share: the production server in a child process, a client that signs like
// the web app, registration through the dev outbox, and a closed-loop load driver; for the
// in-process ones, the server built here on a scripted feed with the clock held, funded bench
// traders and the ledger's group-commit transfer rate as the yardstick.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  authCalls,
  newsign,
  NEWSIGN_DEFAULT_SECRET,
  userCalls,
  type CallDef,
  type CallInput,
  type CallOutput,
  type Envelope,
  type LedgerTxType,
} from '@tidemark/contract';
import type { FastifyInstance } from 'fastify';
import { Agent, request, type Dispatcher } from 'undici';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { AppContext } from '../apps/server/src/http/context';
import { systemAccount, userAccount, type SystemWallet } from '../apps/server/src/ledger/accounts';
import { hashPassword } from '../apps/server/src/lib/secrets';
import { OUTBOX_FILE } from '../apps/server/src/modules/auth/delivery';
import { createUser } from '../apps/server/src/modules/user/user.service';

export const root = path.resolve(import.meta.dirname, '..');
export const machine = `${os.cpus().length} x ${os.cpus()[0]?.model.trim()}`;
/**
 * CPU time (user + system) in ms from /proc (Linux; null elsewhere): of a process, or with
 * `thread` of one of its threads (the JavaScript thread's id is the process id). CPU time does not
 * move with the disk's mood the way wall-clock rates do.
 */
export function cpuMs(pid: number | undefined, thread?: number): number | null {
  try {
    const file = thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`;
    const fields = fs.readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / 100;
  } catch {
    return null;
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = socket.address() as net.AddressInfo;
      socket.close(() => resolve(port));
    });
  });
}

export async function waitHealthy(base: string, dispatcher?: Dispatcher): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      const response = await request(`${base}/healthz`, { dispatcher });
      await response.body.dump();
      if (response.statusCode === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`no healthy server at ${base}`);
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  dataDir: string;
  /** SIGTERM and wait for the exit (a graceful stop). */
  stop(): Promise<void>;
}

/** The production build (apps/server/dist/main.js) on a free port, SQLite in `dataDir`. */
export async function startTidemark(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const main = path.join(root, 'apps/server/dist/main.js');
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: run npm run build first`);
  const port = await freePort();
  // BENCH_SERVER_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  await waitHealthy(base);
  return {
    child,
    base,
    dataDir,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Calls a contract call the way the web app does (form body, newsign, token); answers the envelope. */
export async function call<C extends CallDef>(
  base: string,
  dispatcher: Dispatcher,
  def: C,
  input: CallInput<C>,
  options: { token?: string; headers?: Record<string, string> } = {},
): Promise<Envelope<CallOutput<C>>> {
  const headers: Record<string, string> = {
    newsign: newsign(NEWSIGN_DEFAULT_SECRET, Date.now()),
    ...options.headers,
  };
  if (options.token) headers.appToken = options.token;
  const fields = Object.entries(input as Record<string, unknown>)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]): [string, string] => [key, String(value)]);
  const form = new URLSearchParams(fields).toString();
  const response = await request(
    def.method === 'GET' ? `${base}${def.path}?${form}` : `${base}${def.path}`,
    {
      method: def.method,
      dispatcher,
      headers:
        def.method === 'GET'
          ? headers
          : { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: def.method === 'GET' ? undefined : form,
    },
  );
  return (await response.body.json()) as Envelope<CallOutput<C>>;
}

/**
 * A trader of its own, connecting from its own loopback address (127.0.1.n), as separate people
 * do: the server's per-address limits on registration apply to each alone.
 */
export async function registerTrader(
  server: ServerProcess,
  n: number,
  connections: number,
): Promise<{ token: string; dispatcher: Agent }> {
  const dispatcher = new Agent({
    connections,
    pipelining: 1,
    connect: { localAddress: `127.0.1.${n}` },
  });
  const email = `bench.${n}.${Date.now()}@example.com`;
  const password = 'Bench2026x';
  const sent = await call(server.base, dispatcher, authCalls.sendMailValidCode, { email });
  if (sent.status !== 1) throw new Error(`sendMailValidCode: ${sent.enMsg}`);
  const code = fs
    .readFileSync(path.join(server.dataDir, OUTBOX_FILE), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; code: string })
    .filter((message) => message.to === email)
    .at(-1)?.code;
  if (!code) throw new Error(`no code for ${email}`);
  const registered = await call(server.base, dispatcher, userCalls.register, {
    account: email,
    password,
    confirmPassword: password,
    code,
  });
  if (registered.status !== 1) throw new Error(`register: ${registered.enMsg}`);
  return { token: registered.data.token, dispatcher };
}

export interface LoadResult {
  requests: number;
  perSec: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
}

/**
 * Closed-loop load: `concurrency` callers, each sending its next request when the last one is
 * answered, for `seconds`. `send(caller)` answers whether the request succeeded.
 */
export async function drive(
  seconds: number,
  concurrency: number,
  send: (caller: number) => Promise<boolean>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, caller) => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        const ok = await send(caller);
        latencies.push(performance.now() - sent);
        if (!ok) failures++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    +(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0).toFixed(2);
  return {
    requests: latencies.length,
    perSec: Math.round(latencies.length / elapsed),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    failures,
  };
}

/** The clock an in-process bench holds and moves; the feed, the services and the jobs read it. */
export interface HeldClock {
  at: number;
  now(): number;
}

export interface InProcessApp {
  fastify: FastifyInstance;
  app: AppContext;
  clock: HeldClock;
  /** Closes the server and removes its data directory. */
  close(): Promise<void>;
}

/**
 * The server built in this process on SQLite in a temporary directory: the scripted feed (`script`,
 * ticking every 50 ms), no market makers, the clock held at the start of the next minute + 5 s.
 */
export async function inProcessApp(
  name: string,
  script: Record<string, { from: string; perSecond: string }>,
  env: Record<string, string>,
): Promise<InProcessApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tidemark-bench-${name}-`));
  const scriptFile = path.join(dir, 'script.json');
  fs.writeFileSync(scriptFile, JSON.stringify(script));
  const clock: HeldClock = {
    at: Math.ceil(Date.now() / 60_000) * 60_000 + 5_000,
    now() {
      return this.at;
    },
  };
  const config = loadConfig({
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dir, 'no-web'),
    CONSOLE_DIST: path.join(dir, 'no-console'),
    MARKET_FEED: 'scripted',
    MARKET_SCRIPT: scriptFile,
    MARKET_TICK_MS: '50',
    MARKET_HISTORY_DAYS: '0.05',
    MM_ENABLED: 'false',
    ...env,
  });
  const { fastify, app } = await buildApp({
    config,
    clock: { now: () => clock.now() },
    logger: false,
  });
  return {
    fastify,
    app,
    clock,
    async close() {
      await fastify.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * `count` bench traders (email bench<i>@<name>.bench, invite code <codePrefix><i>), each with
 * `contractFunds` moved from the demo coin wallet to the demo contract wallet, in batches of 500
 * (set-up, not measured). Answers their ids in order.
 */
export async function fundedBenchUsers(
  app: AppContext,
  options: { count: number; name: string; codePrefix: string; contractFunds: bigint },
): Promise<number[]> {
  const { count, name, codePrefix, contractFunds } = options;
  const passwordHash = await hashPassword('Bench2026');
  const ids: number[] = [];
  for (let i = 0; i < count; i += 500) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(500, count - i) }, (_, j) =>
        app.writer.run(async (trx) => {
          const id = await createUser(app, trx, {
            email: `bench${i + j}@${name}.bench`,
            phone: null,
            areaCode: null,
            passwordHash,
            nickname: `bench ${i + j}`,
            inviteCode: `${codePrefix}${(i + j).toString(36).toUpperCase().padStart(6, '0')}`,
            inviterId: null,
          });
          await app.ledger.post(trx, {
            type: 'transfer',
            reference: `bench:${id}`,
            postings: [
              { account: userAccount(id, 'demo', 'coin', 'USDT'), amount: -contractFunds },
              { account: userAccount(id, 'demo', 'contract', 'USDT'), amount: contractFunds },
            ],
          });
          return id;
        }),
      ),
    );
    ids.push(...batch);
  }
  return ids;
}

/**
 * The ledger yardstick: `transfers` ledger transfers of one unit from a demo system wallet to the
 * traders' contract wallets in turn (like a payout), in waves of `wave` through the same group
 * committer on the same database, as fast as it takes them. Answers transfers per second.
 */
export async function ledgerTransfersPerSec(
  app: AppContext,
  options: {
    transfers: number;
    wave: number;
    type: LedgerTxType;
    from: SystemWallet;
    to: number[];
  },
): Promise<number> {
  const { transfers, wave, type, from, to } = options;
  const started = performance.now();
  for (let i = 0; i < transfers; i += wave) {
    await Promise.all(
      Array.from({ length: Math.min(wave, transfers - i) }, (_, j) =>
        app.writer.run((trx) =>
          app.ledger.post(trx, {
            type,
            reference: `bench-transfer:${i + j}`,
            postings: [
              { account: systemAccount('demo', from, 'USDT'), amount: -1n },
              {
                account: userAccount(to[(i + j) % to.length]!, 'demo', 'contract', 'USDT'),
                amount: 1n,
              },
            ],
          }),
        ),
      ),
    );
  }
  return Math.round(transfers / ((performance.now() - started) / 1000));
}
