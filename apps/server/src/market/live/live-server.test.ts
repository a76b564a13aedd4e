import net from 'node:net';
import path from 'node:path';
import { assetsCalls, marketCalls, newsign, type Ticker } from '@tidemark/contract';
import type { Exchange } from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type Built } from '../../app';
import { loadConfig, type Config } from '../../config';
import { freshDatabase, type FreshDatabase } from '../../test/database';
import { prepareCoins } from '../coins';
import { createExchange, loadCcxtPro, type CcxtPro } from './adapters';

/** A local port nothing listens on: connections to it are refused at once, offline or not. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return address.port;
}

/** The real exchange adapters, every socket and REST request sent to `port` instead. */
function unreachable(pro: CcxtPro, port: number) {
  const coins = prepareCoins();
  return (name: Parameters<typeof createExchange>[1]): Exchange => {
    const exchange = createExchange(pro, name, coins);
    const client = exchange.client.bind(exchange);
    exchange.client = (url: string) => client(`ws://127.0.0.1:${port}${new URL(url).pathname}`);
    const fetch = exchange.fetch.bind(exchange);
    exchange.fetch = (url: string, method?: string, headers?: unknown, body?: unknown) => {
      const target = new URL(url);
      return fetch(
        `http://127.0.0.1:${port}${target.pathname}${target.search}`,
        method,
        headers,
        body,
      );
    };
    return exchange;
  };
}

describe('MARKET_FEED=live with no source reachable', () => {
  let fresh: FreshDatabase;
  let built: Built;
  let config: Config;
  let url: string;

  beforeAll(async () => {
    fresh = await freshDatabase();
    config = loadConfig({
      DATA_DIR: fresh.dataDir,
      LOG_LEVEL: 'silent',
      DATABASE_URL: fresh.url ?? '',
      WEB_DIST: path.join(fresh.dataDir, 'no-web'),
      MARKET_FEED: 'live',
    });
    config.market.historyDays = 0.25;
    built = await buildApp({
      config,
      logger: false,
      liveExchanges: unreachable(await loadCcxtPro(), await closedPort()),
    });
    await built.fastify.listen({ port: 0, host: '127.0.0.1' });
    const address = built.fastify.server.address() as net.AddressInfo;
    url = `http://127.0.0.1:${address.port}`;
  });

  afterAll(async () => {
    await built.fastify.close();
    await fresh.drop();
  });

  it('starts and answers /healthz', async () => {
    const response = await fetch(`${url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });

  it('shows every coin suspended with 0 sources in findCurrencyMoneyList', async () => {
    const response = await fetch(`${url}${marketCalls.findCurrencyMoneyList.path}`, {
      headers: { newsign: newsign(config.newsignSecret, Date.now()) },
    });
    const envelope = (await response.json()) as { status: number; data: Ticker[] };
    expect(envelope.status).toBe(1);
    expect(envelope.data.length).toBe(prepareCoins().length);
    for (const row of envelope.data) {
      // No source has printed: no price at all, never the configured start price.
      expect(row).toMatchObject({ status: 'suspended', sources: 0, price: null, change24h: null });
    }
    for (const product of built.app.market.products()) {
      const status = built.app.market.status(product.symbol);
      expect(status?.reason).toMatch(/^0 of 3 sources fresh, 2 needed: binance missing/);
    }
  });

  it('gives no conversion rate for a coin never priced', async () => {
    const response = await fetch(`${url}${assetsCalls.findNewWalletExchange.path}`, {
      headers: { newsign: newsign(config.newsignSecret, Date.now()) },
    });
    const envelope = (await response.json()) as { status: number; data: { currency: string }[] };
    expect(envelope.status).toBe(1);
    expect(envelope.data.map((r) => r.currency)).toEqual(['USDT']);
  });

  it('writes no candles and no ticks while blind', async () => {
    const candles = await built.app.db.selectFrom('candles').select('symbol').execute();
    expect(candles).toEqual([]);
    const ticks = await built.app.db.selectFrom('tick_log').select('seq').execute();
    expect(ticks).toEqual([]);
  });

  it('reports each source down with its error', async () => {
    await expect
      .poll(() => built.app.market.health().sources.map((s) => s.connected), { timeout: 5_000 })
      .toEqual([false, false, false]);
    const health = built.app.market.health();
    expect(health.feed).toBe('live');
    expect(health.sources.map((s) => s.name)).toEqual(['binance', 'okx', 'coinbase']);
    await expect
      .poll(() => built.app.market.health().sources.every((s) => s.error !== null), {
        timeout: 5_000,
      })
      .toBe(true);
    expect(health.sources.every((s) => s.lastUpdate === null)).toBe(true);
  });
});
