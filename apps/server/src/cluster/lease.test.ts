import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { JobLoop } from '../lib/job-loop';
import { migratedDatabase } from '../test/database';
import { embeddedLeases, PgLeases, StaleLeaseError } from './lease';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('embedded leases', () => {
  it('are always held, at no cost, and never refuse a write', async () => {
    const leases = embeddedLeases();
    await leases.start();
    const lease = leases.lease('job:options');
    expect(leases.lease('job:options')).toBe(lease);
    expect(lease.held()).toBe(true);
    await expect(lease.fence(null as never)).resolves.toBeUndefined();
    let passes = 0;
    const loop = new JobLoop(silent, 60_000, 'failed', async () => void (passes += 1));
    loop.start(false, lease);
    await loop.pass();
    await loop.stop();
    expect(passes).toBe(1);
  });
});

const pg = Boolean(process.env.DATABASE_URL);
if (!pg)
  console.warn('lease.test.ts: DATABASE_URL is not set, the PostgreSQL leases are not tested');

describe.skipIf(!pg)('leases on PostgreSQL (scale-out)', () => {
  let handle: DatabaseHandle;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ handle, close } = await migratedDatabase());
  });
  afterAll(() => close());

  const TTL = 1_000;
  const waitFor = async (check: () => boolean, ms: number) => {
    const start = performance.now();
    while (!check()) {
      if (performance.now() - start > ms) throw new Error(`not within ${ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return performance.now() - start;
  };

  it('one owner; a standby takes over within the time to live when it dies, with a higher token; the stale token is refused', async () => {
    const a = new PgLeases(handle.db, { ttlMs: TTL }, silent, 'process-a');
    const b = new PgLeases(handle.db, { ttlMs: TTL }, silent, 'process-b');
    const la = a.lease('job:test');
    const lb = b.lease('job:test');
    await a.start();
    await b.start();
    expect(la.held()).toBe(true);
    expect(lb.held()).toBe(false);
    const first = la.token()!;

    // A keeps renewing: B keeps waiting, past several times to live.
    const jobsOfB: number[] = [];
    const loopB = new JobLoop(silent, 50, 'failed', async () => void jobsOfB.push(Date.now()));
    loopB.start(true, lb);
    await new Promise((resolve) => setTimeout(resolve, 3 * TTL));
    expect(la.held()).toBe(true);
    expect(lb.held()).toBe(false);
    expect(jobsOfB).toEqual([]);
    await a.fence(la, handle.db); // A's token is the current one

    // A dies: it stops renewing and hands nothing back (as after kill -9).
    await a.stop(false);
    const died = performance.now();
    // B's next round after A's row expired on the database's clock: within a few seconds.
    await waitFor(() => lb.held(), TTL + 2_000);
    expect(performance.now() - died).toBeLessThan(TTL + 2_000);
    expect(lb.token()!).toBeGreaterThan(first);
    await waitFor(() => jobsOfB.length > 0, 1_000);
    await loopB.stop();

    // A comes back believing in its old token (say it was paused, not dead): its write is refused
    // and rolled back, and A learns it lost the lease.
    la.hold(first, performance.now() + 60_000);
    await sql`create table if not exists fenced_writes (who text)`.execute(handle.db);
    const write = handle.db.transaction().execute(async (trx) => {
      await sql`insert into fenced_writes values ('a')`.execute(trx);
      await la.fence(trx);
    });
    await expect(write).rejects.toBeInstanceOf(StaleLeaseError);
    expect(la.held()).toBe(false);
    await handle.db.transaction().execute(async (trx) => {
      await lb.fence(trx);
      await sql`insert into fenced_writes values ('b')`.execute(trx);
    });
    const { rows } = await sql<{ who: string }>`select who from fenced_writes`.execute(handle.db);
    expect(rows.map((r) => r.who)).toEqual(['b']);
    await b.stop();
  });

  it('an owner that stops cleanly hands the lease over at once; every acquisition raises the token', async () => {
    const a = new PgLeases(handle.db, { ttlMs: 10_000, renewMs: 100 }, silent, 'clean-a');
    const b = new PgLeases(handle.db, { ttlMs: 10_000, renewMs: 100 }, silent, 'clean-b');
    const la = a.lease('job:clean');
    const lb = b.lease('job:clean');
    await a.start();
    await b.start();
    const first = la.token()!;
    expect(lb.held()).toBe(false);
    await a.stop(true);
    // Far sooner than the ten-second time to live.
    expect(await waitFor(() => lb.held(), 2_000)).toBeLessThan(2_000);
    expect(lb.token()).toBe(first + 1n);
    await b.stop(true);
    await a.start();
    expect(la.token()).toBe(first + 2n);
    await a.stop(true);
  });

  it('without a renewal within the time to live the holder stops believing it holds the lease', async () => {
    const a = new PgLeases(handle.db, { ttlMs: TTL, renewMs: 5_000 }, silent, 'lapse-a');
    const la = a.lease('job:lapse');
    await a.start();
    expect(la.held()).toBe(true);
    // No renewal comes within the time to live (the next round is 5 s away): A stops believing
    // before the row expires, so no pass of A can overlap a standby's.
    await new Promise((resolve) => setTimeout(resolve, TTL));
    expect(la.held()).toBe(false);
    await a.stop(true);
  });
});
