import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pro, type Exchange } from 'ccxt';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { bucketStart, MINUTE } from '../candles';
import { prepareCoins } from '../coins';
import { SimulatedMarket } from '../feed';
import { minuteHistoryStart } from '../history';
import * as repo from '../market.repository';
import { SOURCE_SPECS, setSpotMarkets } from './adapters';
import type { LiveSourceName } from './names';

/**
 * The market in live mode (SQLite): history from the first source's REST candles (Binance klines,
 * answered here in their documented array format), prices only from the sources' streams, and
 * never a generated candle.
 */

const START = Date.UTC(2026, 10, 24, 12, 0, 30);
const coins = prepareCoins();

/** Binance GET /api/v3/klines rows for the request's startTime, limit and interval. */
function klines(url: string): unknown[] {
  const query = new URL(url).searchParams;
  const span = query.get('interval') === '1d' ? 86_400_000 : MINUTE;
  const from = Number(query.get('startTime'));
  const limit = Number(query.get('limit'));
  const until = Math.min(from + limit * span, START);
  const rows: unknown[] = [];
  for (let t = from; t < until; t += span) {
    const p = 95_000 + ((t / span) % 50);
    rows.push([
      t,
      `${p}.00`,
      `${p + 5}.00`,
      `${p - 5}.00`,
      `${p + 1}.00`,
      '12.5',
      t + span - 1,
      '1187500',
      100,
      '6',
      '570000',
      '0',
    ]);
  }
  return rows;
}

function offline(name: LiveSourceName, rest: boolean) {
  const exchange = new pro[SOURCE_SPECS[name].ccxtId]({ enableRateLimit: false }) as Exchange;
  setSpotMarkets(exchange, name, coins);
  const make = exchange.client.bind(exchange);
  exchange.client = (url: string) => {
    const client = make(url);
    Object.assign(client, { connect: () => Promise.resolve(), send: () => Promise.resolve() });
    return client;
  };
  exchange.fetch = (url: string) =>
    rest ? Promise.resolve(klines(url)) : Promise.reject(new Error('offline'));
  return exchange;
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn();
  cleanup = [];
});

async function liveMarket(rest: boolean, handle?: DatabaseHandle) {
  let database = handle;
  if (!database) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-live-'));
    database = openDatabase({ databaseUrl: undefined, dataDir });
    await migrateToLatest(database);
    const opened = database;
    cleanup.push(async () => {
      await opened.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
  }
  const clock = { t: START, now: () => clock.t };
  const exchanges = {
    binance: offline('binance', rest),
    okx: offline('okx', rest),
    coinbase: offline('coinbase', rest),
  };
  const warnings: string[] = [];
  const market = new SimulatedMarket({
    database,
    clock,
    bus: { publish: () => undefined },
    config: {
      seed: 1,
      tickMs: 250,
      historyDays: 0.05,
      feed: { kind: 'live' },
      live: {
        sources: ['binance', 'okx', 'coinbase'],
        staleMs: 10_000,
        bandBps: 200,
        minSources: 2,
      },
    },
    log: { info: () => undefined, warn: (_d, m) => warnings.push(m), error: () => undefined },
    live: { exchanges: (name) => exchanges[name], wait: () => Promise.resolve() },
  });
  await market.start();
  cleanup.push(() => market.stop());
  /** A Binance and an OKX ticker of BTC at the clock's time. */
  async function btcTickers(binance: string, okx: string) {
    const t = clock.t;
    exchanges.binance.handleMessage(Object.values(exchanges.binance.clients)[0]!, {
      e: '24hrMiniTicker',
      E: t,
      s: 'BTCUSDT',
      c: binance,
      o: binance,
      h: binance,
      l: binance,
      v: '1',
      q: '1',
    });
    exchanges.okx.handleMessage(Object.values(exchanges.okx.clients)[0]!, {
      arg: { channel: 'tickers', instId: 'BTC-USDT' },
      data: [{ instType: 'SPOT', instId: 'BTC-USDT', last: okx, ts: String(t) }],
    });
    await settle();
  }
  return { market, clock, database, warnings, btcTickers };
}

describe('the market on the live feed', () => {
  it('back-fills real minutes from REST on first start, then prints only what the sources say', async () => {
    const { market, clock, database, btcTickers } = await liveMarket(true);
    const openMinute = bucketStart('1min', START);
    const from = minuteHistoryStart(START, 0.05);
    const stored = await repo.candlesBetween(database.db, 'BTC/USDT', '1min', from, openMinute);
    expect(stored).toHaveLength((openMinute - from) / MINUTE);
    const last = stored[stored.length - 1]!;
    const p = 95_000 + (((openMinute - MINUTE) / MINUTE) % 50);
    expect(last.close).toBe(BigInt(p + 1) * 100_000_000n);
    // No stream has spoken: suspended at the history's last close, and no tick.
    expect(market.status('BTC/USDT')).toMatchObject({ status: 'suspended', sources: 0 });
    expect(market.lastTick('BTC/USDT')).toBeUndefined();

    clock.t += 1_000;
    await btcTickers('95100.004', '95110.00');
    market.tick();
    expect(market.status('BTC/USDT')).toEqual({ status: 'open', sources: 2, reason: null });
    const tick = market.lastTick('BTC/USDT')!;
    expect(tick.price).toBe(9_510_500_000_000n);
    expect(tick.sources?.map((s) => [s.name, s.price, s.time])).toEqual([
      ['binance', 9_510_000_400_000n, clock.t],
      ['okx', 9_511_000_000_000n, clock.t],
    ]);
    expect(market.health().sources.map((s) => s.connected)).toEqual([true, true, false]);
  });

  it('after a restart leaves the time it was down a gap, and stores minutes again', async () => {
    const first = await liveMarket(true);
    await first.market.stop();
    const downFrom = bucketStart('1min', START);
    const again = await liveMarket(false, first.database);
    // Ten minutes later; the history is there, so no back-fill is tried.
    again.clock.t = START + 10 * MINUTE;
    expect(again.warnings).toEqual([]);
    await again.btcTickers('95200.00', '95200.00');
    again.market.tick();
    again.clock.t += MINUTE;
    await again.btcTickers('95300.00', '95300.00');
    again.market.tick();
    await again.market.stop();
    const rows = await repo.candlesBetween(
      first.database.db,
      'BTC/USDT',
      '1min',
      downFrom,
      again.clock.t,
    );
    // The minute open at the restart closes flat at the last stored close; nothing is generated
    // for the ten minutes after it; the minute with the print is stored with the sources' price.
    expect(rows.map((r) => Number(r.time))).toEqual([
      downFrom,
      bucketStart('1min', START + 10 * MINUTE),
    ]);
    expect(rows[0]!.open).toBe(rows[0]!.close);
    expect(rows[0]!.high).toBe(rows[0]!.low);
    expect(rows[1]!.close).toBe(9_520_000_000_000n);
  });

  it('without REST starts with no history and stores no candle for a coin never priced', async () => {
    const { market, clock, database, warnings, btcTickers } = await liveMarket(false);
    expect(warnings.filter((w) => /back-fill failed/.test(w))).toHaveLength(1);
    clock.t += 1_000;
    await btcTickers('95100.00', '95110.00');
    market.tick();
    // Three minutes pass with BTC priced once and silent after; ETH never priced.
    clock.t += 3 * MINUTE;
    market.tick();
    await market.stop();
    cleanup.pop();
    const btc = await repo.candlesBetween(database.db, 'BTC/USDT', '1min', 0, clock.t);
    const eth = await repo.candlesBetween(database.db, 'ETH/USDT', '1min', 0, clock.t);
    expect(eth).toEqual([]);
    // BTC: its minute with the real print; the minutes after stay flat at it, never invented.
    expect(btc.length).toBeGreaterThan(0);
    for (const row of btc) {
      expect(row.open).toBe(9_510_500_000_000n);
      expect(row.close).toBe(9_510_500_000_000n);
    }
  });

  it('answers no price for a coin never priced: no ticker prices, no rate, no value', async () => {
    const { market, clock, btcTickers } = await liveMarket(false);
    // Before any source printed: no coin has a price, only USDT a rate.
    const before = market.ticker('BTC/USDT')!;
    expect(before).toMatchObject({ price: null, open24h: null, high24h: null, low24h: null });
    expect(before.change24h).toBeNull();
    expect(before.status).toBe('suspended');
    expect(market.lastPrice('BTC/USDT')).toBeUndefined();
    expect(market.rateToUsdt('BTC')).toBeUndefined();
    expect(market.rates('live').map((r) => r.currency)).toEqual(['USDT']);
    clock.t += 1_000;
    await btcTickers('95100.00', '95110.00');
    market.tick();
    // BTC priced by its sources; ETH still has none (not its configured start price).
    expect(market.ticker('BTC/USDT')).toMatchObject({ price: '95105.00000000', status: 'open' });
    expect(market.lastPrice('BTC/USDT')).toBe(9_510_500_000_000n);
    expect(market.rateToUsdt('BTC')).toBe(9_510_500_000_000n);
    expect(market.rates('live').map((r) => r.currency)).toEqual(['USDT', 'BTC']);
    const eth = market.ticker('ETH/USDT')!;
    expect(eth).toMatchObject({ price: null, change24h: null, volume24h: '0.00000000' });
    expect(market.lastPrice('ETH/USDT')).toBeUndefined();
    expect(market.rateToUsdt('ETH', 'minute')).toBeUndefined();
    const binance = market.health().sources.find((h) => h.name === 'binance')!;
    expect(binance.coins.find((c) => c.symbol === 'ETH/USDT')).toMatchObject({
      price: null,
      time: null,
    });
  });
});
