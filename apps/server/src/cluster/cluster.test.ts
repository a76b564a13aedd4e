import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { Hub } from '../realtime/hub';
import { joinCluster } from './cluster';

const PG = 'postgres://root@127.0.0.1:5432/postgres';

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('scale-out settings', () => {
  it('embedded without NATS_URL; scale-out with it, on PostgreSQL', () => {
    expect(loadConfig({}).cluster).toBeUndefined();
    expect(loadConfig({ NATS_URL: '' }).cluster).toBeUndefined();
    expect(loadConfig({ NATS_URL: 'nats://127.0.0.1:4222', DATABASE_URL: PG }).cluster).toEqual({
      natsUrl: 'nats://127.0.0.1:4222',
      natsPrefix: 'tidemark',
      leaseTtlMs: 3_000,
    });
    expect(
      loadConfig({
        NATS_URL: 'nats://n1:4222,tls://n2:4222',
        NATS_PREFIX: 'shop-2',
        LEASE_TTL_MS: '5000',
        DATABASE_URL: PG,
      }).cluster,
    ).toEqual({ natsUrl: 'nats://n1:4222,tls://n2:4222', natsPrefix: 'shop-2', leaseTtlMs: 5_000 });
  });

  it('names each wrong setting', () => {
    expect(problems({ NATS_URL: 'nats://127.0.0.1:4222' })).toEqual([
      expect.stringMatching(/^NATS_URL: scale-out needs PostgreSQL \(DATABASE_URL\)/),
    ]);
    expect(problems({ NATS_URL: 'http://x:4222', DATABASE_URL: PG })).toEqual([
      expect.stringMatching(/^NATS_URL: must be nats:\/\/ or tls:\/\/ URLs/),
    ]);
    expect(problems({ NATS_PREFIX: 'Shop.A', DATABASE_URL: PG })).toEqual([
      expect.stringMatching(/^NATS_PREFIX: must be 1 to 32 lower-case letters/),
    ]);
    expect(problems({ LEASE_TTL_MS: '500' })).toEqual(['LEASE_TTL_MS: must be at least 1000 ms']);
    expect(problems({ LEASE_TTL_MS: '600000' })).toEqual([
      'LEASE_TTL_MS: must be at most 60000 ms',
    ]);
  });

  it('embedded: the hub is the bus and every lease is held, with nothing to connect to', async () => {
    const hub = new Hub();
    const cluster = await joinCluster(loadConfig({}), hub, null as never, null as never);
    expect(cluster.mode).toBe('embedded');
    expect(cluster.bus.listened('tickers')).toBe(false);
    expect(cluster.leases.lease('job:options').held()).toBe(true);
    const heard: unknown[] = [];
    cluster.bus.onAnnouncement('session.ended', (message) => heard.push(message));
    cluster.bus.announce('session.ended', { sessionId: 3 });
    cluster.bus.announce('other', { sessionId: 4 });
    expect(heard).toEqual([{ sessionId: 3 }]);
    await cluster.close();
  });
});
