import { marketConsoleCalls } from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/harness';
import { scriptedFeedStart } from '../../test/scripted';
import { consoleCall, newOperator, startConsoleServer } from '../console/console.test-support';

describe('console marketSources (the simulator)', () => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    ({ server, admin } = await startConsoleServer());
  });
  afterAll(() => server.close());

  it('answers one source, "simulator", connected and fresh for every coin, and every coin open', async () => {
    const answer = await consoleCall(
      server,
      marketConsoleCalls.marketSources,
      {},
      { token: admin },
    );
    expect(answer.status).toBe(1);
    if (answer.status !== 1) return;
    const data = answer.data;
    expect(data).toMatchObject({ feed: 'simulator', staleMs: 10_000, bandBps: 200, minSources: 2 });
    expect(data.sources).toHaveLength(1);
    const [source] = data.sources;
    expect(source).toMatchObject({ name: 'simulator', connected: true, error: null });
    expect(source!.lagMs).toBeGreaterThanOrEqual(0);
    expect(source!.coins.map((c) => c.symbol)).toEqual(data.coins.map((c) => c.symbol));
    expect(source!.coins.every((c) => c.state === 'fresh' && c.price !== null)).toBe(true);
    expect(data.coins.length).toBeGreaterThan(5);
    for (const coin of data.coins) {
      expect(coin).toMatchObject({ status: 'open', sources: 1, reason: null });
      expect(Number(coin.price)).toBeGreaterThan(0);
    }
  });

  it('answers the reviewer and support roles too', async () => {
    for (const role of ['reviewer', 'support'] as const) {
      const { token } = await newOperator(server, admin, role);
      const answer = await consoleCall(server, marketConsoleCalls.marketSources, {}, { token });
      expect(answer.status, role).toBe(1);
    }
  });
});

describe('console marketSources (a scripted blind window)', () => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    ({ server, admin } = await startConsoleServer(
      scriptedFeedStart('market-console', {
        'BTC/USDT': { from: '90000', perSecond: '1', blind: [[0, 3600]] },
      }),
    ));
  });
  afterAll(() => server.close());

  it('shows the blind coin stale and suspended with its reason, the others fresh and open', async () => {
    const answer = await consoleCall(
      server,
      marketConsoleCalls.marketSources,
      {},
      { token: admin },
    );
    expect(answer.status).toBe(1);
    if (answer.status !== 1) return;
    const { feed, sources, coins } = answer.data;
    expect(feed).toBe('scripted');
    const btc = sources[0]!.coins.find((c) => c.symbol === 'BTC/USDT');
    expect(btc?.state).toBe('stale');
    expect(coins.find((c) => c.symbol === 'BTC/USDT')).toMatchObject({
      status: 'suspended',
      sources: 0,
      reason: 'scripted blind window',
    });
    expect(coins.find((c) => c.symbol === 'ETH/USDT')).toMatchObject({ status: 'open' });
  });
});
