// Spot orders per second through HTTP, end to end: the production server on SQLite, every commit
// flushed to disk before it is answered (one process), traders on their own connections placing
// an exchange-like mix (resting limit orders near the top of the book, market buys and sells that
// trade with the market maker and with each other), each order held, matched and settled in the
// ledger before it is answered. The yardstick, in the same run: a plain Fastify server answering
// each order with one SQLite FULL transaction, and the same requests answered with no work at all
// (bareHttpPerSec, what HTTP alone allows with this client on this machine). serverCpuMsPerOrder is
// the server's CPU time while the traders place orders, per order. Then one more trader places orders of the
// same mix one at a time on one connection, with nobody else trading (singleTraderP50Ms/P99Ms over
// BENCH_SINGLE_ORDERS orders: what a person waits for). Afterwards the ledger of the run is checked.
// Prints one JSON line.
//   npm run bench:api            BENCH_SECONDS=1 for a smoke run
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  formatMoney,
  marketCalls,
  parseMoney,
  roundMoney,
  spotCalls,
  type ProductConfig,
} from '@tidemark/contract';
import { Agent, request } from 'undici';
import { openDatabase } from '../apps/server/src/db/database';
import { checkPlatform } from '../apps/server/src/ledger/check';
import { call, cpuMs, drive, machine, registerTrader, sleep, startTidemark } from './support';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const traders = Number(process.env.BENCH_TRADERS ?? 8);
const perTrader = Number(process.env.BENCH_PER_TRADER ?? 8);
const concurrency = traders * perTrader;
const singleOrders = Number(process.env.BENCH_SINGLE_ORDERS ?? 2_000);
const SYMBOLS = ['BTC/USDT', 'ETH/USDT'];
/** Each order is worth about this much. */
const ORDER_USDT = parseMoney('12');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-bench-api-'));

interface Pair {
  config: ProductConfig;
  last: bigint;
  /** Base quantity worth about ORDER_USDT, at the pair's lot. */
  lot: string;
}

type Order = {
  def: typeof spotCalls.insertCoinOrder | typeof spotCalls.sellCoinOrder;
  input: Record<string, string | number>;
};

/** The mix: 45 % resting bids and 10 % resting asks 0.2-1 % from the last price, the rest market. */
function nextOrder(pair: Pair): Order {
  const roll = Math.random();
  const away = BigInt(20 + Math.floor(Math.random() * 80)); // in 0.01 %
  const { symbol, pricePrecision } = pair.config;
  if (roll < 0.55) {
    const buy = roll < 0.45;
    const price = (pair.last * (10_000n + (buy ? -away : away))) / 10_000n;
    return {
      def: buy ? spotCalls.insertCoinOrder : spotCalls.sellCoinOrder,
      input: {
        symbol,
        type: 1,
        price: formatMoney(roundMoney(price, pricePrecision, buy ? 'down' : 'up'), pricePrecision),
        quantity: pair.lot,
      },
    };
  }
  return {
    def: roll < 0.775 ? spotCalls.insertCoinOrder : spotCalls.sellCoinOrder,
    input: { symbol, type: 2, quantity: pair.lot },
  };
}

let keys = 0;
const idempotencyKey = () => `bench-${process.pid}-${++keys}`;

async function yardstick() {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'api-yardstick.ts'), dir],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve) =>
    lines.on('line', (line) => {
      if (line.startsWith('ready ')) resolve(Number(line.slice(6)));
    }),
  );
  const agent = new Agent({ connections: concurrency, pipelining: 1 });
  const pair: Pair = {
    config: { symbol: 'BTC/USDT', pricePrecision: 2 } as ProductConfig,
    last: parseMoney('90000'),
    lot: '0.00014',
  };
  const send = (route: string) => async () => {
    const { input } = nextOrder(pair);
    const response = await request(`http://127.0.0.1:${port}${route}`, {
      method: 'POST',
      dispatcher: agent,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': idempotencyKey(),
      },
      body: new URLSearchParams(
        Object.entries(input).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString(),
    });
    const body = (await response.body.json()) as { status: number };
    return body.status === 1;
  };
  try {
    return {
      plain: await drive(seconds, concurrency, send('/order')),
      bare: await drive(seconds, concurrency, send('/bare')),
    };
  } finally {
    await agent.close();
    child.kill('SIGTERM');
  }
}

async function tidemark() {
  const server = await startTidemark(dir);
  const agents: Agent[] = [];
  try {
    const people: { token: string; dispatcher: Agent }[] = [];
    for (let n = 1; n <= traders; n++) {
      const trader = await registerTrader(server, n, perTrader);
      agents.push(trader.dispatcher);
      people.push(trader);
    }
    const pairs: Pair[] = [];
    for (const symbol of SYMBOLS) {
      const config = (
        await call(server.base, agents[0]!, spotCalls.findByBProductConfig, { symbol })
      ).data;
      const last = parseMoney(
        (await call(server.base, agents[0]!, marketCalls.getTotalTrades, { symbol })).data.price!,
      );
      const lot = roundMoney((ORDER_USDT * 100_000_000n) / last, config.quantityPrecision, 'up');
      pairs.push({ config, last, lot: formatMoney(lot, config.quantityPrecision) });
    }
    // Coins to sell: each trader buys some of each at market first, one after another, with a
    // pause for the market maker to quote again (a ladder holds 30,000 USDT a side).
    for (const { token, dispatcher } of people) {
      await sleep(600);
      for (const { config } of pairs) {
        const bought = await call(
          server.base,
          dispatcher,
          spotCalls.insertCoinOrder,
          { symbol: config.symbol, type: 2, amount: '10000' } as never,
          { token, headers: { 'Idempotency-Key': idempotencyKey() } },
        );
        if (bought.status !== 1) throw new Error(`first buy: ${bought.enMsg}`);
      }
    }
    const refusals = new Map<string, number>();
    const cpuBefore = cpuMs(server.child.pid);
    const result = await drive(seconds, concurrency, async (caller) => {
      const { token, dispatcher } = people[caller % traders]!;
      const { def, input } = nextOrder(pairs[caller % pairs.length]!);
      const answer = await call(server.base, dispatcher, def, input as never, {
        token,
        headers: { 'Idempotency-Key': idempotencyKey() },
      });
      if (answer.status !== 1) {
        const code = (answer as { code?: string }).code ?? String(answer.status);
        refusals.set(code, (refusals.get(code) ?? 0) + 1);
      }
      return answer.status === 1;
    });
    const cpuAfter = cpuMs(server.child.pid);
    const serverCpuMsPerOrder =
      cpuBefore === null || cpuAfter === null
        ? null
        : +((cpuAfter - cpuBefore) / Math.max(1, result.requests)).toFixed(3);
    // One trader alone, one order at a time.
    const single = await registerTrader(server, traders + 1, 1);
    agents.push(single.dispatcher);
    for (const { config } of pairs) {
      const bought = await call(
        server.base,
        single.dispatcher,
        spotCalls.insertCoinOrder,
        { symbol: config.symbol, type: 2, amount: '10000' } as never,
        { token: single.token, headers: { 'Idempotency-Key': idempotencyKey() } },
      );
      if (bought.status !== 1) throw new Error(`first buy: ${bought.enMsg}`);
    }
    const waits: number[] = [];
    let singleRefused = 0;
    for (let n = 0; n < singleOrders; n++) {
      const { def, input } = nextOrder(pairs[n % pairs.length]!);
      const sent = performance.now();
      const answer = await call(server.base, single.dispatcher, def, input as never, {
        token: single.token,
        headers: { 'Idempotency-Key': idempotencyKey() },
      });
      waits.push(performance.now() - sent);
      if (answer.status !== 1) singleRefused++;
    }
    waits.sort((a, b) => a - b);
    const at = (q: number) =>
      +(waits[Math.min(waits.length - 1, Math.floor(q * waits.length))] ?? 0).toFixed(2);
    const alone = { orders: waits.length, p50Ms: at(0.5), p99Ms: at(0.99), refused: singleRefused };
    return { result, refusals: Object.fromEntries(refusals), alone, serverCpuMsPerOrder };
  } finally {
    await server.stop();
    await Promise.all(agents.map((agent) => agent.close()));
  }
}

try {
  const { plain, bare } = await yardstick();
  const { result, refusals, alone, serverCpuMsPerOrder } = await tidemark();
  // The stopped server's database: every trade settled exactly, nothing held that is not owed.
  const handle = openDatabase({ databaseUrl: undefined, dataDir: dir });
  const ledger = await checkPlatform(handle.db);
  const trades = await handle.db
    .selectFrom('spot_trades')
    .select((eb) => eb.fn.countAll<bigint>().as('count'))
    .executeTakeFirstOrThrow();
  await handle.close();
  console.log(
    JSON.stringify({
      bench: 'api',
      machine,
      seconds,
      concurrency,
      ordersPerSec: result.perSec,
      p50Ms: result.p50Ms,
      p99Ms: result.p99Ms,
      orders: result.requests,
      serverCpuMsPerOrder,
      refused: result.failures,
      refusals,
      trades: Number(trades.count),
      ledgerOk: ledger.ok,
      yardstickPerSec: plain.perSec,
      yardstickP50Ms: plain.p50Ms,
      yardstickP99Ms: plain.p99Ms,
      ratio: +(result.perSec / plain.perSec).toFixed(2),
      bareHttpPerSec: bare.perSec,
      ofBareHttp: +(result.perSec / bare.perSec).toFixed(2),
      singleTraderOrders: alone.orders,
      singleTraderP50Ms: alone.p50Ms,
      singleTraderP99Ms: alone.p99Ms,
      singleTraderRefused: alone.refused,
    }),
  );
  if (!ledger.ok) {
    console.error(JSON.stringify(ledger.problems));
    process.exitCode = 1;
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
