import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
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
} from '@tidemark/contract';
import { OUTBOX_FILE } from '../modules/auth/delivery';
import { callAt } from './call';
import { freshDatabase, type FreshDatabase } from './database';

/**
 * A real server process from source (tsx) on a fresh database (SQLite, or DATABASE_URL), for the
 * tests that kill it with SIGKILL mid-burst and start it again on the same data: what it
 * acknowledged must be there after the restart.
 */
export interface ChildServer {
  readonly fresh: FreshDatabase;
  /** Starts the process (again, after kill) and waits until /healthz answers. */
  start(): Promise<void>;
  /** The running process's id (undefined while stopped). */
  pid(): number | undefined;
  /** SIGKILL, and waits until the process has exited. */
  kill(): Promise<void>;
  /**
   * Runs callers that each repeat `step` (its lane, its round) until the process is killed, kills
   * it with SIGKILL once `enough()` holds (or after 30 s, however slow the machine is), and answers
   * once every caller has stopped. A step whose connection dies with the process is not
   * acknowledged: its error is swallowed, as a client that never got an answer.
   */
  killDuring(
    lanes: number,
    step: (lane: number, round: number) => Promise<void>,
    enough: () => boolean,
  ): Promise<void>;
  /** Kills the process if it runs and drops the database (unless it was another's). */
  close(): Promise<void>;
  call<C extends CallDef>(
    def: C,
    input: CallInput<C>,
    token?: string,
    headers?: Record<string, string>,
  ): Promise<Envelope<CallOutput<C>>>;
  /** Registers `<name>.<pid>.<n>@example.com` with the code from the outbox; answers its token. */
  register(name: string, n: number): Promise<string>;
}

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = socket.address() as net.AddressInfo;
      socket.close(() => resolve(port));
    });
  });
}

export interface ChildServerOptions {
  /** Another process's database (scale-out): shared, and left for its creator to drop. */
  shared?: FreshDatabase;
  /** Settings of this process beyond the defaults (NATS_URL, LEASE_TTL_MS, MM_ENABLED...). */
  env?: Record<string, string>;
}

export async function childServer(options: ChildServerOptions = {}): Promise<ChildServer> {
  const fresh = options.shared ?? (await freshDatabase());
  let base = '';
  let child: ChildProcess | undefined;

  const call: ChildServer['call'] = (def, input, token, headers = {}) =>
    callAt(base, () => newsign(NEWSIGN_DEFAULT_SECRET, Date.now()), def, input, {
      token,
      headers,
    });

  const kill = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };

  const killDuring: ChildServer['killDuring'] = async (lanes, step, enough) => {
    let killed = false;
    const caller = async (lane: number) => {
      for (let round = 0; !killed; round++) {
        try {
          await step(lane, round);
        } catch {
          // The connection died with the process: not acknowledged.
        }
      }
    };
    const callers = Array.from({ length: lanes }, (_, lane) => caller(lane));
    const deadline = Date.now() + 30_000;
    while (!enough() && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await kill();
    killed = true;
    await Promise.all(callers);
  };

  return {
    fresh,
    call,
    killDuring,
    async start() {
      const port = await freePort();
      child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: SERVER_DIR,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: fresh.dataDir,
          DATABASE_URL: fresh.url ?? '',
          LOG_LEVEL: 'error',
          ...options.env,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      base = `http://127.0.0.1:${port}`;
      for (let i = 0; i < 300; i++) {
        const healthy = await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (healthy) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('the server did not start');
    },
    kill,
    pid: () => child?.pid,
    async close() {
      await kill();
      if (!options.shared) await fresh.drop();
    },
    async register(name, n) {
      const email = `${name}.${process.pid}.${n}@example.com`;
      await call(authCalls.sendMailValidCode, { email });
      const code = fs
        .readFileSync(path.join(fresh.dataDir, OUTBOX_FILE), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { to: string; code: string })
        .filter((m) => m.to === email)
        .at(-1)!.code;
      const password = 'Durable2026';
      const registered = await call(userCalls.register, {
        account: email,
        password,
        confirmPassword: password,
        code,
      });
      return registered.data.token;
    },
  };
}
