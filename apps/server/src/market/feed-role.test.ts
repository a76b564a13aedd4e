import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { StaleLeaseError, type Lease } from '../cluster/lease';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { Announcements } from '../realtime/bus';
import { SimulatedMarket, type FeedRole } from './feed';

/**
 * The feed as a leased role without PostgreSQL or NATS (cluster/feed.scale-out.test.ts runs it
 * on both): two markets on one SQLite database, a lease handed from one to the other by hand, and
 * announcements carried as NATS would carry them (as JSON, to the other market only).
 */
const NOW = Date.UTC(2026, 10, 21, 6, 13, 25, 300);
const SYMBOL = 'BTC/USDT';
let dataDir: string;
let database: DatabaseHandle;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-feed-role-'));
  database = openDatabase({ databaseUrl: undefined, dataDir });
  await migrateToLatest(database);
});
afterAll(async () => {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The role's newest token, as the lease table would hold it. */
const newest = { token: 1n };

function leaseOf(
  token: bigint | null,
): Lease & { token(): bigint | null; set(t: bigint | null): void } {
  let held = token;
  return {
    role: 'market:feed',
    held: () => held !== null,
    token: () => held,
    lastToken: () => held,
    fence: () =>
      held !== null && held === newest.token
        ? Promise.resolve()
        : Promise.reject(new StaleLeaseError('market:feed', held)),
    set: (t) => {
      held = t;
    },
  };
}

describe('the feed as a leased role', () => {
  const clock = { time: NOW, now: () => clock.time };
  const log = { info: () => {}, warn: () => {}, error: () => {} };
  const config = { seed: 7, tickMs: 60_000, historyDays: 0.1, seededLive: true };
  const mine = new Announcements();
  const theirs = new Announcements();
  /** Steps dropped on the way to the other market (announcements are at most once). */
  let dropping = false;
  const roleOf = (lease: Lease, own: Announcements, other: Announcements): FeedRole => ({
    lease,
    bus: {
      announce: (topic, message) => {
        own.run(topic, message);
        if (!dropping) other.run(topic, JSON.parse(JSON.stringify(message)) as unknown);
      },
      onAnnouncement: (topic, handler) => own.add(topic, handler),
    },
  });
  const leaseA = leaseOf(1n);
  const leaseB = leaseOf(null);
  const framesA: string[] = [];
  const framesB: string[] = [];
  let a: SimulatedMarket;
  let b: SimulatedMarket;
  beforeAll(() => {
    a = new SimulatedMarket({
      database,
      clock,
      bus: { publish: (channel) => framesA.push(channel) },
      config,
      log,
      role: roleOf(leaseA, mine, theirs),
    });
    b = new SimulatedMarket({
      database,
      clock,
      bus: { publish: (channel) => framesB.push(channel) },
      config,
      log,
      role: roleOf(leaseB, theirs, mine),
    });
  });
  /** One 250 ms step of both; answers once the owner's step reached the other (after its write). */
  async function step(): Promise<void> {
    clock.time += 250;
    a.tick();
    b.tick();
    const owner = a.ownsFeed() ? a : b.ownsFeed() ? b : null;
    const tick = owner?.lastTick(SYMBOL);
    if (tick) await owner!.tickDurable(tick.seq);
    await new Promise((resolve) => setImmediate(resolve));
  }
  const seen = (market: SimulatedMarket) => ({
    tick: market.lastTick(SYMBOL),
    prices: market.products().map((p) => market.lastPrice(p.symbol)),
    tickers: market.tickers(),
  });

  afterAll(async () => {
    await a.stop();
    await b.stop();
  });

  it('only the owner steps, writes and publishes; the other answers the same', async () => {
    await a.start();
    await b.start();
    expect([a.ownsFeed(), b.ownsFeed()]).toEqual([true, false]);
    for (let i = 0; i < 8; i++) await step();
    expect(seen(b)).toEqual(seen(a));
    expect(b.lastTick(SYMBOL)!.seq).toBeGreaterThan(0);
    expect(await b.tickDurable(b.lastTick(SYMBOL)!.seq)).toBe(true);
    expect(framesA.length).toBeGreaterThan(0);
    expect(framesB).toEqual([]);
    // Across the close of a minute (within one step) the 24 h figures and candles stay the same.
    clock.time += 60_000 - (clock.time % 60_000);
    await step();
    expect(seen(b)).toEqual(seen(a));
    expect(await b.candles(SYMBOL, '1min', 3)).toEqual(await a.candles(SYMBOL, '1min', 3));
  });

  it('a process that missed steps is right again with the next one', async () => {
    dropping = true;
    for (let i = 0; i < 4; i++) await step();
    expect(b.lastTick(SYMBOL)!.seq).toBeLessThan(a.lastTick(SYMBOL)!.seq);
    dropping = false;
    await step();
    expect(b.lastTick(SYMBOL)).toEqual(a.lastTick(SYMBOL));
    expect(seen(b).prices).toEqual(seen(a).prices);
  });

  it('the lease moves: the new owner continues the sequence; the old owner’s ticks are refused', async () => {
    const last = a.lastTick(SYMBOL)!.seq;
    // B takes the lease over (token 2); A has not noticed yet: its next write is fenced out.
    newest.token = 2n;
    leaseB.set(2n);
    clock.time += 250;
    a.tick();
    const refused = a.lastTick(SYMBOL)!;
    expect(refused.seq).toBeGreaterThan(last);
    expect(await a.tickDurable(refused.seq)).toBe(false);
    leaseA.set(null);
    await vi.waitFor(() => {
      b.tick();
      expect(b.ownsFeed()).toBe(true);
    });
    for (let i = 0; i < 4; i++) await step();
    expect(a.ownsFeed()).toBe(false);
    expect(seen(a)).toEqual(seen(b));
    const rows = await database.db.selectFrom('tick_log').select('seq').orderBy('seq').execute();
    const seqs = rows.map((r) => Number(r.seq));
    // No repeat and no gap: the refused numbers are taken again by the new owner.
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    expect(seqs[seqs.length - 1]).toBeGreaterThanOrEqual(b.lastTick(SYMBOL)!.seq);
    expect(seqs).toContain(refused.seq);
  });
});
