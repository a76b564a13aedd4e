// Option settlement throughput on SQLite at synchronous=FULL: BENCH_OPTIONS_ORDERS (100,000) option
// orders placed through the options service with the clock held, so that all of them expire in the
// same second, then settled by the server's own settlement job (outcome from the logged ticks, one
// ledger transaction per order in group commits, the hash-chained record appended). The ledger's
// group-commit transfer rate is measured in the same run on the same database as the yardstick:
// settlement should cost little beyond the ledger transfer it is (target ratio >= 0.7). Then counts
// orders left unsettled (lost) and settled twice (doubled). Prints one JSON line.
//   npm run bench:options            BENCH_OPTIONS_ORDERS=500 for a smoke run
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseMoney, type Product } from '@tidemark/contract';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { systemAccount, userAccount } from '../apps/server/src/ledger/accounts';
import { hashPassword } from '../apps/server/src/lib/secrets';
import { place } from '../apps/server/src/modules/options/options.service';
import { createUser } from '../apps/server/src/modules/user/user.service';
import { machine, sleep } from './support';

const ORDERS = Number(process.env.BENCH_OPTIONS_ORDERS ?? 100_000);
const PER_USER = 100;
const STAKE = '10';
const WAVE = 2_000;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-bench-options-'));
const script = path.join(dir, 'script.json');
fs.writeFileSync(script, JSON.stringify({ 'BTC/USDT': { from: '95000', perSecond: '1' } }));

// The clock the bench holds and moves; the feed, the service and the job all read it.
let now = Math.ceil(Date.now() / 60_000) * 60_000 + 5_000;
const clock = { now: () => now };

const config = loadConfig({
  DATA_DIR: dir,
  LOG_LEVEL: 'silent',
  WEB_DIST: path.join(dir, 'no-web'),
  CONSOLE_DIST: path.join(dir, 'no-console'),
  MARKET_FEED: 'scripted',
  MARKET_SCRIPT: script,
  MARKET_TICK_MS: '50',
  MARKET_HISTORY_DAYS: '0.05',
  MM_ENABLED: 'false',
  OPTIONS_PERIODS: '60',
  OPTIONS_POOL_FUNDING_DEMO: String(ORDERS * 20),
});
const { fastify, app } = await buildApp({ config, clock, logger: false });
const btc = app.market.products().find((p: Product) => p.symbol === 'BTC/USDT')!;
const period = await app.db
  .selectFrom('option_periods')
  .select('id')
  .where('symbol', '=', btc.symbol)
  .where('seconds', '=', 60n)
  .executeTakeFirstOrThrow();

// Traders with contract wallets funded (set-up, not measured).
const users = Math.ceil(ORDERS / PER_USER);
const passwordHash = await hashPassword('Bench2026');
const ids: number[] = [];
for (let i = 0; i < users; i += 500) {
  const batch = await Promise.all(
    Array.from({ length: Math.min(500, users - i) }, (_, j) =>
      app.writer.run(async (trx) => {
        const id = await createUser(app, trx, {
          email: `bench${i + j}@options.bench`,
          phone: null,
          areaCode: null,
          passwordHash,
          nickname: `bench ${i + j}`,
          inviteCode: `OB${(i + j).toString(36).toUpperCase().padStart(6, '0')}`,
          inviterId: null,
        });
        const amount = parseMoney(STAKE) * BigInt(PER_USER);
        await app.ledger.post(trx, {
          type: 'transfer',
          reference: `bench:${id}`,
          postings: [
            { account: userAccount(id, 'demo', 'coin', 'USDT'), amount: -amount },
            { account: userAccount(id, 'demo', 'contract', 'USDT'), amount },
          ],
        });
        return id;
      }),
    ),
  );
  ids.push(...batch);
}

// Let the feed log a tick at the held time: every order's strike.
await sleep(200);
const placedAt = now;
for (let i = 0; i < ORDERS; i += WAVE) {
  await Promise.all(
    Array.from({ length: Math.min(WAVE, ORDERS - i) }, (_, j) =>
      place(app, {
        userId: ids[(i + j) % users]!,
        book: 'demo',
        kind: 'instant',
        symbol: btc.symbol,
        direction: (i + j) % 2 ? 'long' : 'short',
        amount: STAKE,
        periodId: Number(period.id),
        idempotencyKey: undefined,
        call: 'bench',
      }),
    ),
  );
}
const expiry = placedAt + 60_000;

// The feed ticks just before expiry; then time passes expiry and the job settles.
now = expiry - 100;
await sleep(200);
const count = async (status: string) =>
  Number(
    (
      await app.db
        .selectFrom('option_orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', '=', status)
        .executeTakeFirstOrThrow()
    ).n,
  );
// The wait polls whether any order still runs: one index probe, where counting them walked the
// whole partial index on the same thread as the settlement it was timing.
const anyRunning = async () =>
  (await app.db
    .selectFrom('option_orders')
    .select('id')
    .where('status', '=', 'running')
    .limit(1)
    .executeTakeFirst()) !== undefined;
now = expiry + 400;
const started = performance.now();
let settledAt = started;
const deadline = started + 600_000;
while (performance.now() < deadline) {
  if (!(await anyRunning())) {
    settledAt = performance.now();
    break;
  }
  await sleep(20);
}
const settleSeconds = (settledAt - started) / 1000;
const lost = await count('running');
// An order paid twice has two settlement transactions under its one reference.
const payouts = await app.db
  .selectFrom('ledger_transactions')
  .select((eb) => [eb.fn.countAll().as('n'), eb.fn.count('reference').distinct().as('orders')])
  .where('reference', 'like', 'option:%:settle')
  .executeTakeFirstOrThrow();
const doubled = Number(payouts.n) - Number(payouts.orders);
const records = Number(
  (
    await app.db
      .selectFrom('option_records')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
  ).n,
);

// The yardstick: the same number of ledger transfers (pool to a trader's contract wallet, like a
// payout), through the same group committer on the same database, as fast as it takes them.
const transfers = Math.max(ORDERS, 1_000);
const transferStart = performance.now();
for (let i = 0; i < transfers; i += WAVE) {
  await Promise.all(
    Array.from({ length: Math.min(WAVE, transfers - i) }, (_, j) =>
      app.writer.run((trx) =>
        app.ledger.post(trx, {
          type: 'option',
          reference: `bench-transfer:${i + j}`,
          postings: [
            { account: systemAccount('demo', 'options_pool', 'USDT'), amount: -1n },
            { account: userAccount(ids[(i + j) % users]!, 'demo', 'contract', 'USDT'), amount: 1n },
          ],
        }),
      ),
    ),
  );
}
const ledgerTransfersPerSec = Math.round(transfers / ((performance.now() - transferStart) / 1000));
await fastify.close();
fs.rmSync(dir, { recursive: true, force: true });

const ordersPerSec = Math.round(ORDERS / settleSeconds);
process.stdout.write(
  `${JSON.stringify({
    bench: 'options',
    machine,
    orders: ORDERS,
    settleSeconds: Number(settleSeconds.toFixed(3)),
    ordersPerSec,
    ledgerTransfersPerSec,
    ratio: Number((ordersPerSec / ledgerTransfersPerSec).toFixed(3)),
    records,
    lost,
    doubled,
  })}\n`,
);
