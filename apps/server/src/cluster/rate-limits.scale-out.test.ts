import { randomBytes } from 'node:crypto';
import { authCalls } from '@tidemark/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Built } from '../app';
import {
  ROOMY_LIMITS,
  secondProcess,
  startServer,
  uniqueEmail,
  type TestServer,
} from '../test/harness';
import { clusterEnv, closeBoth, scaleOutNats } from './scale-out.test-kit';

const natsUrl = scaleOutNats('rate-limits.scale-out.test.ts');
const ready = natsUrl !== undefined;

/**
 * Scale-out: the rate limits of the sensitive calls are counted once for every process (in
 * PostgreSQL), so a client a load balancer spreads over two processes gets the limit once.
 */
describe.skipIf(!ready)('rate limits over two processes', () => {
  const prefix = `tm-rl-${randomBytes(5).toString('hex')}`;
  let a: TestServer;
  let b: Built;
  let callB: TestServer['call'];

  beforeAll(async () => {
    a = await startServer({
      rateLimits: { ...ROOMY_LIMITS, sendCode: { perIp: { max: 3, windowMs: 60_000 } } },
      env: clusterEnv(natsUrl!, prefix, 2_000),
    });
    ({ app: b, call: callB } = await secondProcess(a));
  });

  afterAll(() => closeBoth(a, b, natsUrl!, prefix));

  it('a client spread over both processes gets the limit once, and is told how long to wait on either', async () => {
    const send = (call: TestServer['call']) =>
      call(authCalls.sendMailValidCode, { email: uniqueEmail('limited') });
    expect((await send(a.call)).status).toBe(1);
    expect((await send(callB)).status).toBe(1);
    expect((await send(a.call)).status).toBe(1);
    // The fourth code from this address within the minute: refused by either process.
    for (const call of [callB, a.call]) {
      const refused = await send(call);
      // The window opened with the first code, a moment ago: a minute to wait (rounded up).
      expect(refused).toMatchObject({
        status: '429',
        code: 'tooManyWaitMinutes',
        params: { minutes: 1 },
      });
    }
    // One counter row for the address, on the database's clock.
    const { rows } = await sql<{ count: bigint }>`
      select count from rate_limit_counters where key like 'sendCode|ip|%'`.execute(a.app.db);
    expect(rows.map((r) => Number(r.count))).toEqual([5]);
  });
});
