// The leveraged contract's trigger check and mass liquidation on SQLite, commits durable.
// BENCH_LEVERAGE_POSITIONS (100,000) open positions over the option symbols, opened through the
// leverage service (margin and fee through the ledger), none with a trigger near the price. The
// per-tick trigger check (the index the job runs every logged tick through) is timed with 1,000
// and then with all of them open: a tick that crosses nothing should cost the same (scaling =
// 100k / 1k, target <= 2). Then one tick of the scripted feed falls 30 % on BTC and the job
// liquidates the BTC longs (10,000 of a full run) in group commits; their rate is set against the
// ledger's group-commit transfer rate measured in the same run on the same database (target >= 0.7).
// Prints one JSON line.
//   npm run bench:leverage            BENCH_LEVERAGE_POSITIONS=2000 for a smoke run
import { parseMoney, type LeverageDirection } from '@tidemark/contract';
import {
  insert,
  openContract,
  stateOf,
} from '../apps/server/src/modules/leverage/leverage.service';
import { fundedBenchUsers, inProcessApp, ledgerTransfersPerSec, machine, sleep } from './support';

const POSITIONS = Math.max(2_000, Number(process.env.BENCH_LEVERAGE_POSITIONS ?? 100_000));
const SMALL = 1_000;
/** Liquidated in one tick: a tenth of the positions (10,000 of a full run). */
const LIQUIDATED = Math.floor(POSITIONS / 10);
const PER_USER = 100;
const WAVE = 1_000;
const TICKS = 200_000;

// BTC falls 100 USDT a second of the held clock: a jump of five minutes is a 30 % fall.
const { app, clock, close } = await inProcessApp(
  'leverage',
  { 'BTC/USDT': { from: '95000', perSecond: '-100' } },
  { LEVERAGE_FUND_FUNDING_DEMO: String(POSITIONS * 1_000) },
);
const symbols = app.market
  .products()
  .filter((p) => p.options && p.tradingOpen)
  .map((p) => p.symbol);
const others = symbols.filter((s) => s !== 'BTC/USDT');

// Traders with the contract opened and their contract wallets funded (set-up, not measured).
const users = Math.ceil(POSITIONS / PER_USER);
const ids = await fundedBenchUsers(app, {
  count: users,
  name: 'leverage',
  codePrefix: 'LB',
  contractFunds: (parseMoney('100') + parseMoney('0.2')) * BigInt(PER_USER),
});
for (const id of ids) await openContract(app, id);
await sleep(200);

/** Position k: the first LIQUIDATED are BTC longs at 2x; the rest spread over the other symbols. */
function spec(k: number): { symbol: string; direction: LeverageDirection; multiple: number } {
  if (k < LIQUIDATED) return { symbol: 'BTC/USDT', direction: 'long', multiple: 2 };
  return {
    symbol: others[k % others.length]!,
    direction: k % 2 ? 'long' : 'short',
    multiple: 1 + (k % 2),
  };
}

async function openRange(from: number, to: number): Promise<void> {
  for (let i = from; i < to; i += WAVE) {
    await Promise.all(
      Array.from({ length: Math.min(WAVE, to - i) }, (_, j) => {
        const k = i + j;
        return insert(app, {
          userId: ids[Math.floor(k / PER_USER)]!,
          book: 'demo',
          lots: 1,
          ...spec(k),
          idempotencyKey: undefined,
          call: 'bench',
        });
      }),
    );
  }
}

const index = stateOf(app).index;

/** Mean microseconds of one tick's trigger check, over ticks within 0.5 % of each price. */
function tickCheckMicros(): number {
  const prices = symbols.map((s) => app.market.lastTick(s)!.price);
  let seq = Number.MAX_SAFE_INTEGER - TICKS - 10;
  let crossed = 0;
  const run = (n: number) => {
    const started = performance.now();
    for (let i = 0; i < n; i++) {
      const s = i % symbols.length;
      const base = prices[s]!;
      const wiggle = (base * BigInt(((i * 7919) % 1001) - 500)) / 100_000n;
      crossed += index.crossed(symbols[s]!, base + wiggle, seq++).length;
    }
    return performance.now() - started;
  };
  run(TICKS / 10);
  const ms = run(TICKS);
  if (crossed) throw new Error(`${crossed} positions crossed during the check`);
  return (ms * 1000) / TICKS;
}

// Tick checks with the small set open, then with all of them.
await openRange(LIQUIDATED, LIQUIDATED + SMALL);
const small = index.size;
const tickCheckMicros1k = tickCheckMicros();
await openRange(0, LIQUIDATED);
await openRange(LIQUIDATED + SMALL, POSITIONS);
const positions = index.size;
const tickCheckMicros100k = tickCheckMicros();

const openBtcLongs = async () =>
  Number(
    (
      await app.db
        .selectFrom('leverage_positions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', '=', 'open')
        .where('symbol', '=', 'BTC/USDT')
        .where('direction', '=', 'long')
        .executeTakeFirstOrThrow()
    ).n,
  );

// The fall: the next tick of BTC is 30 % lower, past every BTC long's liquidation price.
clock.at += 300_000;
const started = performance.now();
let doneAt = started;
const deadline = started + 600_000;
while (performance.now() < deadline) {
  if ((await openBtcLongs()) === 0) {
    doneAt = performance.now();
    break;
  }
  await sleep(10);
}
const liquidationSeconds = (doneAt - started) / 1000;
const left = await openBtcLongs();
const liquidations = Number(
  (
    await app.db
      .selectFrom('leverage_positions')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('closed_by', '=', 'liquidation')
      .executeTakeFirstOrThrow()
  ).n,
);

// The yardstick: as many ledger transfers (fund to a trader's contract wallet, like a payout),
// through the same group committer on the same database, as fast as it takes them.
const ledgerTransfers = await ledgerTransfersPerSec(app, {
  transfers: Math.max(LIQUIDATED, 1_000),
  wave: WAVE,
  type: 'contract',
  from: 'insurance_fund',
  to: ids,
});
await close();

const liquidationsPerSec = Math.round(LIQUIDATED / liquidationSeconds);
process.stdout.write(
  `${JSON.stringify({
    bench: 'leverage',
    machine,
    positions,
    small,
    tickCheckMicros1k: Number(tickCheckMicros1k.toFixed(4)),
    tickCheckMicros100k: Number(tickCheckMicros100k.toFixed(4)),
    scaling: Number((tickCheckMicros100k / tickCheckMicros1k).toFixed(3)),
    liquidated: liquidations,
    liquidationSeconds: Number(liquidationSeconds.toFixed(3)),
    liquidationsPerSec,
    ledgerTransfersPerSec: ledgerTransfers,
    liquidationRatio: Number((liquidationsPerSec / ledgerTransfers).toFixed(3)),
    left,
  })}\n`,
);
