import { marketCalls, userCalls } from '@tidemark/contract';
import { spotTestKit } from '../modules/spot/spot.test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../test/harness';

const TOKEN = 'scrape-me-please-0123456789';

let server: TestServer;
let closed: TestServer;
beforeAll(async () => {
  [server, closed] = await Promise.all([
    startServer({ env: { METRICS_TOKEN: TOKEN } }),
    startServer(),
  ]);
});
afterAll(() => Promise.all([server.close(), closed.close()]));

const { buy } = spotTestKit(() => server, 'metrics-test');

async function scrape(authorization?: string): Promise<Response> {
  return server.fetch('/metrics', {
    sign: null,
    headers: authorization ? { authorization } : {},
  });
}

/** The value of one sample line (name with its labels exactly as prom-client prints them). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const answer = await closed.fetch('/metrics', { sign: null });
    expect(answer.status).toBe(404);
    await answer.arrayBuffer();
  });

  it('refuses a scraper without the token, or with another', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`]) {
      const answer = await scrape(authorization);
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer');
      await answer.arrayBuffer();
    }
  });

  it('counts what the spot engines did, by book and event', async () => {
    const events = async (event: string) =>
      sample(
        await (await scrape(`Bearer ${TOKEN}`)).text(),
        `tidemark_spot_engine_events_total{book="demo",event="${event}"}`,
      ) ?? 0;
    const [accepted, rested] = [await events('accepted'), await events('rested')];
    const { token } = await server.register();
    // Far below the market: accepted, then rests.
    const placed = await buy(token, {
      symbol: 'BTC/USDT',
      type: 1,
      price: '1000',
      quantity: '0.01',
    });
    expect(placed.status).toBe(1);
    expect(await events('accepted')).toBeGreaterThan(accepted);
    expect(await events('rested')).toBeGreaterThan(rested);
  });

  it('counts requests, refusals and ledger commits, and reads clients, lag and coverage', async () => {
    const before = await (await scrape(`Bearer ${TOKEN}`)).text();
    const commitsBefore = sample(before, 'tidemark_ledger_commits_total') ?? 0;
    await server.call(marketCalls.findCurrencyMoneyList, {});
    await server.call(marketCalls.findCurrencyMoneyList, {});
    // A refusal: no token.
    const refused = await server.call(userCalls.findUserInfo, {});
    expect(refused.status).toBe('401');
    // Registering commits through the group committer.
    await server.register();
    const socket = await server.subscribe(['tickers']);
    try {
      const answer = await scrape(`Bearer ${TOKEN}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await answer.text();
      expect(
        sample(
          text,
          'tidemark_http_requests_total{route="/api/findCurrencyMoneyList",method="GET",status="200"}',
        ),
      ).toBe(2);
      expect(
        sample(
          text,
          'tidemark_http_request_duration_seconds_count{route="/api/findCurrencyMoneyList",method="GET"}',
        ),
      ).toBe(2);
      expect(
        sample(text, 'tidemark_api_refusals_total{route="/user/findUserInfo",code="notLoggedIn"}'),
      ).toBe(1);
      expect(sample(text, 'tidemark_ledger_commits_total')).toBeGreaterThan(commitsBefore);
      expect(sample(text, 'tidemark_ledger_commit_batch_size_count')).toBeGreaterThan(0);
      expect(sample(text, 'tidemark_ws_clients')).toBe(1);
      expect(sample(text, 'tidemark_ws_send_queue_bytes')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'tidemark_option_settlement_lag_seconds')).toBe(0);
      expect(sample(text, 'tidemark_dividend_lag_seconds')).toBe(0);
      // The options pool is funded at first start: balance and headroom, nothing owed yet.
      const pool = (figure: string) =>
        sample(
          text,
          `tidemark_system_account_usdt{account="options_pool",book="real",figure="${figure}"}`,
        );
      expect(pool('balance')).toBeGreaterThan(0);
      expect(pool('owed')).toBe(0);
      expect(pool('headroom')).toBe(pool('balance'));
      for (const account of ['insurance_fund', 'yield_reserve', 'loan_fund', 'rebate_budget'])
        expect(text).toContain(`tidemark_system_account_usdt{account="${account}"`);
      // The scrape itself is not counted, and the process metrics come with the prefix.
      expect(text).not.toContain('route="/metrics"');
      expect(text).toContain('tidemark_process_resident_memory_bytes');
    } finally {
      socket.close();
    }
  });
});
