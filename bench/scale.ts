// bench:scale — spot orders per second through one server process and through three (the same
// build, one PostgreSQL database, one NATS), then the failover: the owner of the spot markets is
// killed with SIGKILL while orders stream through all three, and the survivors take over.
//
// Needs DATABASE_URL (PostgreSQL; the bench makes a database of its own on that server and drops
// it) and NATS_URL (NATS with JetStream). Without them it prints why and measures nothing.
//
// Prints one JSON object: onePerSec, threePerSec (closed-loop, the same callers, the same order
// mix, the same run), failoverSeconds (from the kill to the first order acknowledged through a
// survivor), lostAcknowledged (acknowledged orders not in the database afterwards; must be 0),
// matchedTwice (orders whose fill is not the sum of their trades; must be 0) and ledgerProblems.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { marketCalls, parseMoney, spotCalls, type Envelope } from '@tidemark/contract';
import { sql } from 'kysely';
import type { Agent } from 'undici';
import { openDatabase } from '../apps/server/src/db/database';
import { GroupCommitter } from '../apps/server/src/db/group-commit';
import { systemAccount, userAccount } from '../apps/server/src/ledger/accounts';
import { checkPlatform } from '../apps/server/src/ledger/check';
import { Ledger } from '../apps/server/src/ledger/ledger';
import { systemClock } from '../apps/server/src/lib/clock';
import { dropEventStream } from '../apps/server/src/cluster/scale-out.test-kit';
import { freshDatabase } from '../apps/server/src/test/database';
import {
  call,
  drive,
  machine,
  registerTrader,
  sleep,
  startTidemark,
  type LoadResult,
  type ServerProcess,
} from './support';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const traders = Number(process.env.BENCH_TRADERS ?? 6);
const perTrader = Number(process.env.BENCH_PER_TRADER ?? 6);
const concurrency = traders * perTrader;
const SYMBOL = 'ETH/USDT';
const natsUrl = process.env.NATS_URL;
const databaseUrl = process.env.DATABASE_URL;

if (!natsUrl || !databaseUrl?.startsWith('postgres')) {
  console.log(
    JSON.stringify({
      bench: 'scale',
      skipped:
        'needs DATABASE_URL (PostgreSQL) and NATS_URL (NATS with JetStream), e.g. DATABASE_URL=postgres://root@127.0.0.1:5432/postgres NATS_URL=nats://127.0.0.1:4222',
    }),
  );
  process.exit(0);
}

const prefix = `bench-scale-${randomBytes(4).toString('hex')}`;
const leaseTtlMs = Number(process.env.LEASE_TTL_MS ?? 3_000);
const env = {
  DATABASE_URL: '',
  NATS_URL: natsUrl,
  NATS_PREFIX: prefix,
  LEASE_TTL_MS: String(leaseTtlMs),
  // Without the market maker the books hold exactly the bench's orders, every trade between two.
  MM_ENABLED: 'false',
  // A week of minute history would hold the first start for seconds; the bench needs none.
  MARKET_HISTORY_DAYS: '0.05',
  LOG_LEVEL: 'error',
};

interface Acknowledged {
  orderId: number;
  phase: string;
  filled: string;
}

const fresh = await freshDatabase();
env.DATABASE_URL = fresh.url!;
const handle = openDatabase({ databaseUrl: fresh.url, dataDir: fresh.dataDir });
const processes: ServerProcess[] = [];
const dispatchers: Agent[] = [];

try {
  const first = await startTidemark(fresh.dataDir, env);
  processes.push(first);

  // Traders, each from its own loopback address, funded from the demo treasury.
  const tokens: string[] = [];
  for (let n = 0; n < traders; n++) {
    const { token, dispatcher } = await registerTrader(first, 50 + n, perTrader);
    tokens.push(token);
    dispatchers.push(dispatcher);
  }
  const ids = await handle.db.selectFrom('users').select('id').orderBy('id').execute();
  const writer = new GroupCommitter(handle);
  const ledger = new Ledger(handle, systemClock);
  for (const { id } of ids) {
    for (const [currency, amount] of [
      ['USDT', '10000000'],
      ['ETH', '10000'],
    ] as const) {
      const units = parseMoney(amount);
      await writer.run((trx) =>
        ledger.post(trx, {
          type: 'demo-funding',
          reference: `bench-scale:${id}:${currency}`,
          postings: [
            { account: systemAccount('demo', 'treasury', currency), amount: -units },
            { account: userAccount(Number(id), 'demo', 'coin', currency), amount: units },
          ],
        }),
      );
    }
  }

  const acknowledged: Acknowledged[] = [];
  let keys = 0;
  /** One limit order of caller `caller` through `server`: buys and sells around one price, crossing. */
  const order = async (server: ServerProcess, caller: number, round: number) => {
    const trader = caller % traders;
    const buy = (caller + round) % 2 === 0;
    const price = String(2000 + ((caller * 7 + round * 3) % 21) - 10);
    const answer = (await call(
      server.base,
      dispatchers[trader]!,
      buy ? spotCalls.insertCoinOrder : spotCalls.sellCoinOrder,
      { symbol: SYMBOL, type: 1, price, quantity: '0.01' } as never,
      {
        token: tokens[trader],
        headers: { 'Idempotency-Key': `bench-scale-${process.pid}-${++keys}` },
      },
    )) as Envelope<Acknowledged>;
    if (answer.status !== 1) return false;
    acknowledged.push(answer.data);
    return true;
  };
  const rounds = new Array<number>(concurrency).fill(0);
  const through = (servers: () => ServerProcess[]) => async (caller: number) => {
    const list = servers();
    return order(list[caller % list.length]!, caller, rounds[caller]!++);
  };

  // Warm-up (not measured): the first orders compile the hot paths.
  await drive(
    Math.min(2, seconds),
    concurrency,
    through(() => [first]),
  );
  const one: LoadResult = await drive(
    seconds,
    concurrency,
    through(() => [first]),
  );

  for (let i = 1; i < 3; i++) processes.push(await startTidemark(fresh.dataDir, env));
  await drive(
    Math.min(2, seconds),
    concurrency,
    through(() => processes),
  );
  const three: LoadResult = await drive(
    seconds,
    concurrency,
    through(() => processes),
  );

  // Failover: stream through all three, SIGKILL the owner of the markets, time the first order
  // acknowledged through a survivor.
  const owner = (
    await sql<{ owner: string }>`
      select owner from cluster_lease where role = 'spot:markets'`.execute(handle.db)
  ).rows[0]?.owner;
  if (!owner?.includes(`:${first.child.pid}:`))
    throw new Error(`the first process does not own the spot markets (${owner})`);
  const survivors = processes.slice(1);
  let killedAt = 0;
  let firstAfterKill = 0;
  let streaming = true;
  const lanes = Array.from({ length: concurrency }, async (_, caller) => {
    const server = processes[caller % 3]!;
    for (let round = 0; streaming; round++) {
      try {
        const sentAt = performance.now();
        const ok = await order(server, caller, 1_000_000 + round);
        // An order sent after the kill, acknowledged: a survivor owns the markets.
        if (ok && killedAt && sentAt > killedAt && !firstAfterKill)
          firstAfterKill = performance.now();
      } catch {
        // The connection died with the process: not acknowledged.
        if (server === first) return;
      }
    }
  });
  await sleep(Math.max(1_000, (seconds * 1_000) / 2));
  const exited = new Promise((resolve) => first.child.once('exit', resolve));
  first.child.kill('SIGKILL');
  killedAt = performance.now();
  await exited;
  const resumeBy = Date.now() + 30_000;
  while (!firstAfterKill && Date.now() < resumeBy) await sleep(10);
  await sleep(1_000);
  streaming = false;
  await Promise.all(lanes);
  const failoverSeconds = firstAfterKill
    ? Number(((firstAfterKill - killedAt) / 1_000).toFixed(2))
    : null;

  // What the survivors and the database hold.
  const stored = new Map(
    (
      await handle.db
        .selectFrom('spot_orders')
        .select(['id', 'filled', 'quantity'])
        .where('symbol', '=', SYMBOL)
        .execute()
    ).map((row) => [Number(row.id), row]),
  );
  const lostAcknowledged = acknowledged.filter((a) => !stored.has(a.orderId)).length;
  const traded = new Map<number, bigint>();
  for (const t of await handle.db
    .selectFrom('spot_trades')
    .select(['maker_order_id', 'taker_order_id', 'quantity'])
    .where('symbol', '=', SYMBOL)
    .execute())
    for (const id of [Number(t.maker_order_id), Number(t.taker_order_id)])
      traded.set(id, (traded.get(id) ?? 0n) + t.quantity);
  let matchedTwice = 0;
  for (const [id, row] of stored)
    if (row.filled !== (traded.get(id) ?? 0n) || row.filled > (row.quantity ?? 0n)) matchedTwice++;
  const depth = await call(
    survivors[0]!.base,
    dispatchers[0]!,
    marketCalls.getEntrustData,
    { symbol: SYMBOL, depth: 5 } as never,
    { token: tokens[0] },
  );
  const ledgerProblems = (await checkPlatform(handle.db)).problems.length;

  console.log(
    JSON.stringify({
      bench: 'scale',
      machine,
      database: 'postgresql',
      seconds,
      concurrency,
      leaseTtlMs,
      onePerSec: one.perSec,
      threePerSec: three.perSec,
      one,
      three,
      failoverSeconds,
      lostAcknowledged,
      matchedTwice,
      ledgerProblems,
      acknowledged: acknowledged.length,
      survivorsAnswerDepth: depth.status === 1,
      loadavg: os.loadavg().map((l) => Number(l.toFixed(2))),
    }),
  );
} finally {
  for (const server of processes) await server.stop().catch(() => undefined);
  for (const dispatcher of dispatchers) await dispatcher.close();
  await handle.close();
  await dropEventStream(natsUrl, prefix);
  await fresh.drop();
}
