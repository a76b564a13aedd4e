// Option settlement throughput on SQLite, commits durable: BENCH_OPTIONS_ORDERS (100,000) option
// orders placed through the options service with the clock held, so that all of them expire in the
// same second, then settled by the server's own settlement job (outcome from the logged ticks, one
// ledger transaction per order in group commits, the hash-chained record appended). The ledger's
// group-commit transfer rate is measured in the same run on the same database as the yardstick:
// settlement should cost little beyond the ledger transfer it is (target ratio >= 0.7). Then counts
// orders left unsettled (lost) and settled twice (doubled). Prints one JSON line.
//   npm run bench:options            BENCH_OPTIONS_ORDERS=500 for a smoke run
import { parseMoney, type Product } from '@tidemark/contract';
import { place } from '../apps/server/src/modules/options/options.service';
import {
  cpuMs,
  fundedBenchUsers,
  inProcessApp,
  ledgerTransfersPerSec,
  machine,
  sleep,
} from './support';

const ORDERS = Number(process.env.BENCH_OPTIONS_ORDERS ?? 100_000);
const PER_USER = 100;
const STAKE = '10';
const WAVE = 2_000;

// The clock the bench holds and moves (clock.at); the feed, the service and the job all read it.
const { app, clock, close } = await inProcessApp(
  'options',
  { 'BTC/USDT': { from: '95000', perSecond: '1' } },
  { OPTIONS_PERIODS: '60', OPTIONS_POOL_FUNDING_DEMO: String(ORDERS * 20) },
);
const btc = app.market.products().find((p: Product) => p.symbol === 'BTC/USDT')!;
const period = await app.db
  .selectFrom('option_periods')
  .select('id')
  .where('symbol', '=', btc.symbol)
  .where('seconds', '=', 60n)
  .executeTakeFirstOrThrow();

// Traders with contract wallets funded (set-up, not measured).
const users = Math.ceil(ORDERS / PER_USER);
const ids = await fundedBenchUsers(app, {
  count: users,
  name: 'options',
  codePrefix: 'OB',
  contractFunds: parseMoney(STAKE) * BigInt(PER_USER),
});

// Let the feed log a tick at the held time: every order's strike.
await sleep(200);
const placedAt = clock.at;
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
clock.at = expiry - 100;
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
// The wait polls whether any order still runs: the first key of the settlement queue, where
// counting them walked the whole queue on the same thread as the settlement it was timing.
const anyRunning = async () =>
  (await app.db.selectFrom('option_due').select('id').limit(1).executeTakeFirst()) !== undefined;
// The JavaScript thread's CPU time (the settlement's statements run on it, synchronously).
const thread = () => cpuMs(process.pid, process.pid);
clock.at = expiry + 400;
const cpuBefore = thread();
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
const cpuSettled = thread();
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
const cpuLedgerBefore = thread();
const ledgerTransfers = await ledgerTransfersPerSec(app, {
  transfers: Math.max(ORDERS, 1_000),
  wave: WAVE,
  type: 'option',
  from: 'options_pool',
  to: ids,
});
const cpuLedger = thread();
await close();

const ordersPerSec = Math.round(ORDERS / settleSeconds);
const transfers = Math.max(ORDERS, 1_000);
// Microseconds of the JavaScript thread's CPU per order settled and per transfer (null off Linux).
const perItem = (before: number | null, after: number | null, items: number) =>
  before === null || after === null ? null : Math.round(((after - before) * 1000) / items);
const settleCpuUsPerOrder = perItem(cpuBefore, cpuSettled, ORDERS);
const ledgerCpuUsPerTransfer = perItem(cpuLedgerBefore, cpuLedger, transfers);
process.stdout.write(
  `${JSON.stringify({
    bench: 'options',
    machine,
    orders: ORDERS,
    settleSeconds: Number(settleSeconds.toFixed(3)),
    ordersPerSec,
    ledgerTransfersPerSec: ledgerTransfers,
    ratio: Number((ordersPerSec / ledgerTransfers).toFixed(3)),
    settleCpuUsPerOrder,
    ledgerCpuUsPerTransfer,
    cpuRatio:
      settleCpuUsPerOrder && ledgerCpuUsPerTransfer
        ? Number((ledgerCpuUsPerTransfer / settleCpuUsPerOrder).toFixed(3))
        : null,
    records,
    lost,
    doubled,
  })}\n`,
);
