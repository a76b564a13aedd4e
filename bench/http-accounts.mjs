// Authenticated request throughput of the production server: GET /user/findUserInfo with a fresh
// newsign and a session token (token lookup, profile read, envelope), keep-alive, N callers at once,
// against GET /healthz (no auth, no database) in the same run as the yardstick. Prints one JSON line.
//   node bench/http-accounts.mjs            (10 s)     BENCH_SECONDS=1 for a smoke run
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Agent, request } from 'undici';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const server = path.join(root, 'apps/server/dist/main.js');
if (!fs.existsSync(server)) {
  console.error('apps/server/dist/main.js is missing: run npm run build first');
  process.exit(1);
}

const { newsign, NEWSIGN_DEFAULT_SECRET } = await import(
  path.join(root, 'bench/dist/newsign.mjs')
).catch(async () => {
  // Build a tiny ESM copy of the contract's newsign (the contract ships TypeScript).
  const { build } = await import('esbuild');
  await build({
    entryPoints: [path.join(root, 'packages/contract/src/newsign.ts')],
    outfile: path.join(root, 'bench/dist/newsign.mjs'),
    bundle: true,
    format: 'esm',
    platform: 'node',
    logLevel: 'error',
  });
  return import(path.join(root, 'bench/dist/newsign.mjs'));
});

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-bench-'));
const child = spawn(process.execPath, [server], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
const agent = new Agent({ connections: concurrency, pipelining: 1 });

async function waitHealthy() {
  for (let i = 0; i < 200; i++) {
    try {
      const r = await request(`${base}/healthz`, { dispatcher: agent });
      await r.body.dump();
      if (r.statusCode === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

async function run(makeRequest) {
  const latencies = [];
  const deadline = performance.now() + seconds * 1000;
  let failures = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        const ok = await makeRequest();
        latencies.push(performance.now() - started);
        if (!ok) failures++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q) =>
    +latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(2);
  return {
    requests: latencies.length,
    perSec: Math.round(latencies.length / seconds),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    failures,
  };
}

try {
  await waitHealthy();
  const login = await request(`${base}/user/login`, {
    method: 'POST',
    dispatcher: agent,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      newsign: newsign(NEWSIGN_DEFAULT_SECRET, Date.now()),
    },
    body: 'account=demo%40tidemark.dev&password=Demo2026',
  });
  const { data } = await login.body.json();
  const token = data.token;

  const yardstick = await run(async () => {
    const r = await request(`${base}/healthz`, { dispatcher: agent });
    await r.body.dump();
    return r.statusCode === 200;
  });
  const profile = await run(async () => {
    const r = await request(`${base}/user/findUserInfo`, {
      dispatcher: agent,
      headers: {
        appToken: token,
        newsign: newsign(NEWSIGN_DEFAULT_SECRET, Date.now()),
        localtimes: String(Date.now()),
      },
    });
    const body = await r.body.json();
    return body.status === 1;
  });
  console.log(
    JSON.stringify({
      bench: 'http-accounts',
      machine: `${os.cpus().length} x ${os.cpus()[0]?.model.trim()}`,
      seconds,
      concurrency,
      requestsPerSec: profile.perSec,
      p50Ms: profile.p50Ms,
      p99Ms: profile.p99Ms,
      failures: profile.failures,
      yardstickPerSec: yardstick.perSec,
      ratio: +(profile.perSec / yardstick.perSec).toFixed(2),
    }),
  );
} finally {
  child.kill('SIGTERM');
  await agent.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
