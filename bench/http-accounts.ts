// Authenticated request throughput of the production server: GET /user/findUserInfo with a fresh
// newsign and a session token (token lookup, profile read, envelope), keep-alive, N callers at once,
// against GET /healthz (no auth, no database) in the same run as the yardstick. Prints one JSON line.
//   npm run bench:http            (10 s)     BENCH_SECONDS=1 for a smoke run
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { userCalls } from '@tidemark/contract';
import { Agent, request } from 'undici';
import { call, drive, machine, startTidemark } from './support';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-bench-'));
const server = await startTidemark(dataDir);
const agent = new Agent({ connections: concurrency, pipelining: 1 });
try {
  const login = await call(server.base, agent, userCalls.login, {
    account: 'demo@tidemark.dev',
    password: 'Demo2026',
  });
  if (login.status !== 1) throw new Error(`login: ${login.enMsg}`);
  const token = login.data.token;

  const yardstick = await drive(seconds, concurrency, async () => {
    const response = await request(`${server.base}/healthz`, { dispatcher: agent });
    await response.body.dump();
    return response.statusCode === 200;
  });
  const profile = await drive(
    seconds,
    concurrency,
    async () =>
      (await call(server.base, agent, userCalls.findUserInfo, {}, { token })).status === 1,
  );
  console.log(
    JSON.stringify({
      bench: 'http-accounts',
      machine,
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
  await server.stop();
  await agent.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
