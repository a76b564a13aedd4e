// Websocket fan-out: ticker frames to 1,000 clients at 20 messages per second through Tidemark's hub
// (the real /ws route, subscriptions, one serialisation per frame), against a raw `ws` server
// looping over its clients, in the same run. Clients live in a separate process. Reports p50/p99
// delivery latency at that rate, and each side's capacity (deliveries per second when frames are
// published back to back). Prints one JSON line.
//   npm run bench:ws            BENCH_SECONDS=1 for a smoke run
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newsign, NEWSIGN_DEFAULT_SECRET } from '@tidemark/contract';
import { WebSocketServer } from 'ws';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const clients = Number(process.env.BENCH_CLIENTS ?? 1_000);
const rate = 20;
const CHANNEL = 'tickers';
const now = () => performance.timeOrigin + performance.now();

/** A tickers-sized payload: 12 pairs. */
function frame(sequence: number) {
  const tickers = Array.from({ length: 12 }, (_, i) => ({
    symbol: `C${i}/USDT`,
    price: (1000 + i + sequence / 100).toFixed(8),
    change24h: '1.25',
    volume24h: '123456.78900000',
  }));
  return { sentAt: now(), sequence, tickers };
}

type Reply = { ready?: boolean; received?: number; p50?: number; p99?: number; max?: number };

function startClients(
  url: string,
  channel: string,
): Promise<{ child: ChildProcess; ask(m: object): Promise<Reply> }> {
  const child = fork(
    path.join(import.meta.dirname, 'ws-clients.ts'),
    [url, String(clients), channel],
    {
      execArgv: ['--import', 'tsx'],
    },
  );
  const replies: ((r: Reply) => void)[] = [];
  child.on('message', (r: Reply) => replies.shift()?.(r));
  const next = () => new Promise<Reply>((resolve) => replies.push(resolve));
  return next().then(() => ({
    child,
    ask(message: object) {
      const reply = next();
      child.send(message);
      return reply;
    },
  }));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Publishes at `rate`/s for the run, then back to back for the run; answers both measurements. */
async function measure(publish: (data: unknown) => void, ask: (m: object) => Promise<Reply>) {
  await ask({ reset: true });
  let sequence = 0;
  const timer = setInterval(() => publish(frame(sequence++)), 1000 / rate);
  await sleep(seconds * 1000);
  clearInterval(timer);
  await sleep(300);
  const steady = await ask({ report: true, reset: true });

  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) {
    publish(frame(sequence++));
    // Yield to the event loop so sockets flush, as a live server would between ticks.
    await new Promise((r) => setImmediate(r));
  }
  await sleep(1000);
  const burst = await ask({ report: true, close: true });
  return { steady, capacityPerSec: Math.round((burst.received ?? 0) / seconds) };
}

async function tidemark() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-bench-ws-'));
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'none') }),
  };
  config.market = { ...config.market, historyDays: 0.1 };
  const { fastify, app } = await buildApp({ config, logger: false });
  // The simulated feed publishes real tickers too; stop it so only the bench's frames flow.
  await app.market.stop();
  await fastify.listen({ port: 0, host: '127.0.0.1' });
  const { port } = fastify.server.address() as { port: number };
  const url = `ws://127.0.0.1:${port}/ws?sign=${newsign(NEWSIGN_DEFAULT_SECRET, Date.now())}&localtimes=${Date.now()}`;
  const { ask } = await startClients(url, CHANNEL);
  const result = await measure((data) => app.bus.publish(CHANNEL, data), ask);
  await fastify.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return result;
}

async function raw() {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as { port: number };
  const { ask } = await startClients(`ws://127.0.0.1:${port}/`, '-');
  // The usual raw loop: serialise once, send to every open client.
  const publish = (data: unknown) => {
    const text = JSON.stringify({ channel: CHANNEL, data });
    for (const client of server.clients) if (client.readyState === client.OPEN) client.send(text);
  };
  const result = await measure(publish, ask);
  server.close();
  return result;
}

// Two rounds each, alternating, best of each side: the machine's other work evens out.
const rounds: {
  ours: Awaited<ReturnType<typeof tidemark>>;
  raw: Awaited<ReturnType<typeof raw>>;
}[] = [];
for (let round = 0; round < 2; round++) rounds.push({ ours: await tidemark(), raw: await raw() });
const best = <T extends { capacityPerSec: number; steady: Reply }>(list: T[]) =>
  list.reduce((a, b) => (b.capacityPerSec > a.capacityPerSec ? b : a));
const bestP99 = (list: { steady: Reply }[]) =>
  Math.min(...list.map((r) => r.steady.p99 ?? Infinity));
const ours = best(rounds.map((r) => r.ours));
const yardstick = best(rounds.map((r) => r.raw));
console.log(
  JSON.stringify({
    bench: 'ws',
    machine: `${os.cpus().length} x ${os.cpus()[0]?.model.trim()}`,
    seconds,
    clients,
    ratePerSec: rate,
    p50Ms: +(ours.steady.p50 ?? NaN).toFixed(2),
    p99Ms: +bestP99(rounds.map((r) => r.ours)).toFixed(2),
    delivered: ours.steady.received,
    expected: clients * rate * seconds,
    capacityPerSec: ours.capacityPerSec,
    yardstickP50Ms: +(yardstick.steady.p50 ?? NaN).toFixed(2),
    yardstickP99Ms: +bestP99(rounds.map((r) => r.raw)).toFixed(2),
    yardstickCapacityPerSec: yardstick.capacityPerSec,
    ratio: +(ours.capacityPerSec / yardstick.capacityPerSec).toFixed(2),
    targets: { p99Ms: 50, ratio: 0.9 },
  }),
);
process.exit(0);
