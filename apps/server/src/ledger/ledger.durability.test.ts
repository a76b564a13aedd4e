import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  assetsCalls,
  authCalls,
  newsign,
  NEWSIGN_DEFAULT_SECRET,
  parseMoney,
  userCalls,
  type CallDef,
  type CallInput,
  type CallOutput,
  type Envelope,
} from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { OUTBOX_FILE } from '../modules/auth/delivery';
import { freshDatabase, type FreshDatabase } from '../test/database';
import { checkPlatform } from './check';

// A real server process, killed with SIGKILL in the middle of a burst of transfers: the journal
// holds entries its per-account index has not reached (ledger/projection.ts), and group commits
// may be in flight. After a restart every acknowledged transfer must be in the account-change log
// (read through the index and the journal's tail), the balances must be what the log says, and
// the ledger must check clean, its index included. The process runs from source (tsx), on SQLite
// or on DATABASE_URL.

let fresh: FreshDatabase;
let base = '';
let child: ChildProcess | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = socket.address() as net.AddressInfo;
      socket.close(() => resolve(port));
    });
  });
}

async function start(): Promise<ChildProcess> {
  const port = await freePort();
  const started = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: fresh.dataDir,
      DATABASE_URL: fresh.url ?? '',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    const healthy = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start');
}

async function call<C extends CallDef>(
  def: C,
  input: CallInput<C>,
  token?: string,
  headers: Record<string, string> = {},
): Promise<Envelope<CallOutput<C>>> {
  const form = new URLSearchParams(
    Object.entries(input as Record<string, unknown>).map(([k, v]): [string, string] => [
      k,
      String(v),
    ]),
  ).toString();
  const response = await fetch(
    def.method === 'GET' ? `${base}${def.path}?${form}` : base + def.path,
    {
      method: def.method,
      headers: {
        newsign: newsign(NEWSIGN_DEFAULT_SECRET, Date.now()),
        ...(token ? { appToken: token } : {}),
        ...(def.method === 'GET' ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
        ...headers,
      },
      body: def.method === 'GET' ? undefined : form,
    },
  );
  return (await response.json()) as Envelope<CallOutput<C>>;
}

async function register(n: number): Promise<string> {
  const email = `journal.${process.pid}.${n}@example.com`;
  await call(authCalls.sendMailValidCode, { email });
  const code = fs
    .readFileSync(path.join(fresh.dataDir, OUTBOX_FILE), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; code: string })
    .filter((m) => m.to === email)
    .at(-1)!.code;
  const registered = await call(userCalls.register, {
    account: email,
    password: 'Journal2026',
    confirmPassword: 'Journal2026',
    code,
  });
  return registered.data.token;
}

let keys = 0;
const key = () => ({ 'Idempotency-Key': `journal-${process.pid}-${++keys}` });

beforeAll(async () => {
  fresh = await freshDatabase();
  child = await start();
}, 60_000);
afterAll(async () => {
  child?.kill('SIGKILL');
  await fresh.drop();
});

interface Acknowledged {
  token: string;
  transferId: number;
}

/** Every entry of a trader's account-change log (the demo book they trade in). */
async function accountChanges(token: string) {
  const entries: CallOutput<typeof assetsCalls.selectUserAccountChange>['list'] = [];
  for (let page = 1; ; page++) {
    const answer = await call(
      assetsCalls.selectUserAccountChange,
      { type: 'all', page, pageSize: 100 },
      token,
    );
    expect(answer.status).toBe(1);
    entries.push(...answer.data.list);
    if (answer.data.list.length < 100) return entries;
  }
}

describe('a kill -9 in the middle of a burst of transfers', () => {
  it('loses no acknowledged transfer, and leaves a ledger and its index that check clean', async () => {
    const tokens = [await register(1), await register(2), await register(3)];
    const acknowledged: Acknowledged[] = [];
    let killed = false;
    const trader = async (token: string, lane: number) => {
      for (let i = 0; !killed; i++) {
        // Back and forth between the coin and contract wallets, a unit at a time.
        const [from, to] = (i + lane) % 2 === 0 ? ['coin', 'contract'] : ['contract', 'coin'];
        try {
          const answer = await call(
            assetsCalls.transferUserMoney,
            { from, to, currency: 'USDT', amount: '1' } as never,
            token,
            key(),
          );
          if (answer.status === 1) acknowledged.push({ token, transferId: answer.data.transferId });
        } catch {
          // The connection died with the process: not acknowledged.
        }
      }
    };
    const burst = tokens.flatMap((token, t) =>
      Array.from({ length: 8 }, (_, lane) => trader(token, t * 8 + lane)),
    );
    // Long enough for several projections to have run and a tail to be left beyond the last one.
    const deadline = Date.now() + 30_000;
    while (acknowledged.length < 300 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    child!.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    killed = true;
    await Promise.all(burst);
    expect(acknowledged.length).toBeGreaterThan(100);

    child = await start();
    for (const token of tokens) {
      const log = await accountChanges(token);
      const logged = new Set(log.filter((e) => e.type === 'transfer').map((e) => e.reference));
      const lost = acknowledged
        .filter((a) => a.token === token && !logged.has(`transfer:${a.transferId}`))
        .map((a) => a.transferId);
      expect(lost).toEqual([]);
      // Each wallet's balance is the sum of its logged entries and the newest one's balance after.
      const money = await call(assetsCalls.findUserMoney, {}, token);
      expect(money.status).toBe(1);
      for (const wallet of ['coin', 'contract'] as const) {
        const entries = log.filter((e) => e.wallet === wallet && e.currency === 'USDT');
        const sum = entries.reduce((total, e) => total + parseMoney(e.amount), 0n);
        const usdt = money.data.wallets[wallet].find((b) => b.currency === 'USDT')!;
        expect(parseMoney(usdt.available)).toBe(sum);
        expect(parseMoney(entries[0]!.balanceAfter)).toBe(sum);
      }
    }
    const handle = openDatabase({ databaseUrl: fresh.url, dataDir: fresh.dataDir });
    try {
      expect((await checkPlatform(handle.db)).problems).toEqual([]);
      if (handle.dialect === 'sqlite') {
        // The restart indexed the tail the kill left: the mark is at the journal's end.
        const mark = await handle.db
          .selectFrom('ledger_projection')
          .select('entries_up_to')
          .executeTakeFirstOrThrow();
        const last = await handle.db
          .selectFrom('ledger_entries')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow();
        expect(BigInt(mark.entries_up_to)).toBe(BigInt(last.id));
      }
    } finally {
      await handle.close();
    }
  }, 90_000);
});
