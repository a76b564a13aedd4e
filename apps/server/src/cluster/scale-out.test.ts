import { randomBytes } from 'node:crypto';
import { assetsCalls, newsign, userCalls } from '@tidemark/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Built } from '../app';
import type { NatsBus } from '../realtime/nats-bus';
import {
  ROOMY_LIMITS,
  startServer,
  subscribeAt,
  type TestServer,
  secondProcess,
} from '../test/harness';
import { ROLES } from './cluster';
import { closeBoth, clusterEnv, scaleOutNats } from './scale-out.test-kit';

const natsUrl = scaleOutNats('scale-out.test.ts');
const ready = natsUrl !== undefined;

/**
 * Scale-out (issue 19): two server processes' apps over ONE PostgreSQL database and ONE NATS, on
 * a NATS prefix of this run's own. App A is the test harness's server; app B is built from the
 * same configuration and listens on a port of its own.
 */
describe.skipIf(!ready)('two server processes over one PostgreSQL and one NATS', () => {
  const prefix = `tm-t-${randomBytes(5).toString('hex')}`;
  // Both apps share this test's one event loop, and building B blocks it for up to about a second
  // on this machine: with 1 s A's renewals sometimes came late and B took a role before the test
  // began (three runs in four once the spot markets became a role of their own).
  const TTL = 2_000;
  let a: TestServer;
  let b: Built;
  let bUrl: string;

  beforeAll(async () => {
    a = await startServer({
      rateLimits: ROOMY_LIMITS,
      env: clusterEnv(natsUrl!, prefix, TTL),
    });
    ({ app: b, url: bUrl } = await secondProcess(a));
  });

  afterAll(() => closeBoth(a, b, natsUrl!, prefix));

  /** A websocket client of process B, subscribed; frames collected as they come. */
  async function clientOfB(token: string, channels: string[]) {
    const client = await subscribeAt(
      bUrl,
      newsign(a.config.newsignSecret, a.clock.now()),
      channels,
      token,
    );
    // B's subscription has reached NATS once everything B sent before has been answered.
    await (b.app.bus as NatsBus).flush();
    return client;
  }

  it('runs both on the NATS bus', () => {
    expect(a.cluster.mode).toBe('scale-out');
    expect(b.cluster.mode).toBe('scale-out');
  });

  it('an event of a call answered by A reaches the websocket client connected to B', async () => {
    const { token } = await a.register();
    const first = await clientOfB(token, ['user']);
    const second = await clientOfB(token, ['user']);
    const bus = b.app.bus as NatsBus;
    // One NATS subscription for the channel, however many clients of B listen to it.
    const userChannels = bus.subscribedChannels().filter((c) => c.startsWith('user:'));
    expect(userChannels).toHaveLength(1);
    // A has no client of that user: it holds no subscription for it.
    expect((a.app.bus as NatsBus).subscribedChannels()).not.toContain(userChannels[0]);

    const answer = await a.call(
      assetsCalls.transferUserMoney,
      { from: 'coin', to: 'contract', amount: '12.5' } as never,
      { token, headers: { 'Idempotency-Key': `scale-${prefix}` } },
    );
    expect(answer.status).toBe(1);
    const expected = {
      channel: 'user',
      data: {
        event: 'balance',
        mode: 'demo',
        wallet: 'contract',
        currency: 'USDT',
        available: '12.50000000',
        frozen: '0.00000000',
      },
    };
    await expect.poll(() => first.frames, { timeout: 5_000 }).toContainEqual(expected);
    await expect.poll(() => second.frames, { timeout: 5_000 }).toContainEqual(expected);

    // The subscription goes when the last client of B leaves the channel, not before.
    await first.close();
    await expect.poll(() => bus.subscribedChannels()).toContain(userChannels[0]);
    await second.close();
    await expect.poll(() => bus.subscribedChannels()).not.toContain(userChannels[0]);
  });

  it('a logout answered by A closes the session’s websocket on B and B forgets the session', async () => {
    const { token } = await a.register();
    const client = await clientOfB(token, ['user']);
    const onB = () =>
      fetch(`${bUrl}${assetsCalls.findUserMoney.path}`, {
        method: 'POST',
        headers: { newsign: newsign(a.config.newsignSecret, a.clock.now()), appToken: token },
      }).then((r) => r.json() as Promise<{ status: number }>);
    // B answers the session (and keeps it in its session cache).
    expect((await onB()).status).toBe(1);
    expect((await a.call(userCalls.logout, {} as never, { token })).status).toBe(1);
    // 4401: the session ended (its close code), on the process that did not answer the logout.
    await expect(client.closed).resolves.toBe(4401);
    await expect.poll(async () => (await onB()).status, { timeout: 5_000 }).not.toBe(1);
  });

  it('an announcement runs at once in its own process and once in every other', async () => {
    const topic = 'session.ended';
    const inA: unknown[] = [];
    const inB: unknown[] = [];
    a.app.bus.onAnnouncement(topic, (message) => inA.push(message));
    b.app.bus.onAnnouncement(topic, (message) => inB.push(message));
    b.app.bus.onAnnouncement('other', () => inB.push('wrong topic'));
    a.app.bus.announce(topic, { sessionId: 41 });
    expect(inA).toEqual([{ sessionId: 41 }]); // before announce returned
    await expect.poll(() => inB, { timeout: 5_000 }).toEqual([{ sessionId: 41 }]);
    b.app.bus.announce(topic, { userId: 7 });
    await expect.poll(() => inA, { timeout: 5_000 }).toEqual([{ sessionId: 41 }, { userId: 7 }]);
    // Neither process ran its own announcement a second time on the way back from NATS.
    await (a.app.bus as NatsBus).flush();
    await (b.app.bus as NatsBus).flush();
    expect(inA).toEqual([{ sessionId: 41 }, { userId: 7 }]);
    expect(inB).toEqual([{ sessionId: 41 }, { userId: 7 }]);
  });

  it('each job runs in one process; when it dies the other takes every job over with higher tokens', async () => {
    const roles = Object.values(ROLES);
    const holders = () =>
      roles.map((role) => ({
        a: a.cluster.leases.lease(role).held(),
        b: b.cluster.leases.lease(role).held(),
      }));
    // A started first and took every role; B stands by.
    expect(holders()).toEqual(roles.map(() => ({ a: true, b: false })));
    const before = await sql<{ role: string; token: string }>`
      select role, token from cluster_lease`.execute(a.app.db);
    const tokenBefore = new Map(before.rows.map((r) => [r.role, BigInt(r.token)]));
    expect([...tokenBefore.keys()].sort()).toEqual([...roles].sort());

    // A dies: it stops renewing and hands nothing back (its leases simply run out).
    await a.cluster.leases.stop(false);
    const died = performance.now();
    await expect
      .poll(() => holders().every((h) => h.b && !h.a), { timeout: TTL + 3_000, interval: 20 })
      .toBe(true);
    expect(performance.now() - died).toBeLessThan(TTL + 3_000);
    for (const role of roles)
      expect(b.cluster.leases.lease(role).token()!).toBeGreaterThan(tokenBefore.get(role)!);
  });
});
