import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CANDLE_PERIODS,
  formatMoney,
  parseMoney,
  type Candle,
  type CandlePeriod,
} from '@tidemark/contract';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { bucketEnd, bucketStart, DAY, MINUTE } from './candles';
import { prepareCoins } from './coins';
import { SimulatedMarket } from './feed';
import { minuteHistoryStart } from './history';
import * as repo from './market.repository';

/** A fresh database: SQLite in a temporary directory, or a new PostgreSQL database. */
async function freshDatabase(): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-market-'));
  const base = process.env.DATABASE_URL;
  let url: string | undefined;
  let name = '';
  if (base) {
    name = `tidemark_m_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const parsed = new URL(base);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  }
  const handle = openDatabase({ databaseUrl: url, dataDir });
  await migrateToLatest(handle);
  return {
    handle,
    async drop() {
      await handle.close();
      if (base) {
        const admin = new pg.Client({ connectionString: base });
        await admin.connect();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Frame {
  channel: string;
  data: unknown;
}

/** A market on a hand-moved clock; the bus serialises like the hub does. */
function marketOn(database: DatabaseHandle, start: number, seed = 99, seededLive = true) {
  const clock = { time: start, now: () => clock.time };
  const frames: Frame[] = [];
  const bus = {
    publish: (channel: string, data: unknown) =>
      frames.push({ channel, data: JSON.parse(JSON.stringify(data)) as unknown }),
  };
  const log = { info: () => {}, warn: () => {}, error: () => {} };
  // A tick interval of a minute: the tests step the feed themselves.
  const config = { seed, tickMs: 60_000, historyDays: 0.25, seededLive };
  const market = new SimulatedMarket({ database, clock, bus, config, log });
  /** Moves the clock in 250 ms ticks. */
  const advance = (ms: number) => {
    for (let t = 250; t <= ms; t += 250) {
      clock.time += 250;
      market.tick();
    }
  };
  return { market, clock, frames, advance };
}

const NOW = Date.UTC(2026, 10, 21, 6, 13, 25, 300);
const opened: { drop(): Promise<void> }[] = [];
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  for (const db of opened.splice(0)) await db.drop();
});

async function started(start = NOW, seed = 99, seededLive = true) {
  const db = await freshDatabase();
  opened.push(db);
  const feed = marketOn(db.handle, start, seed, seededLive);
  await feed.market.start();
  stops.push(() => feed.market.stop());
  return { ...feed, db: db.handle };
}

const closes = (candles: Candle[]) => candles.map((c) => c.close);

describe('first start', () => {
  it('back-fills minutes since midnight before historyDays and years of days', async () => {
    const { db } = await started();
    const minuteStart = minuteHistoryStart(NOW, 0.25);
    const stored = (period: CandlePeriod) =>
      db.db
        .selectFrom('candles')
        .select((eb) => [eb.fn.countAll().as('n'), eb.fn.min('time').as('first')])
        .where('symbol', '=', 'ETH/USDT')
        .where('period', '=', period)
        .executeTakeFirstOrThrow();
    const minutes = await stored('1min');
    expect(Number(minutes.n)).toBe((bucketStart('1min', NOW) - minuteStart) / MINUTE);
    expect(Number(minutes.first)).toBe(minuteStart);
    const days = await stored('1day');
    expect(Number(days.n)).toBe((bucketStart('1day', NOW) - Number(days.first)) / DAY);
    expect(Number(days.n)).toBeGreaterThan(4 * 365);
    for (const period of CANDLE_PERIODS)
      expect(Number((await stored(period)).n)).toBeGreaterThan(0);
  });

  it('ends the history exactly at each coin’s configured price', async () => {
    const { db } = await started();
    for (const coin of prepareCoins()) {
      const last = await repo.latestCandle(db.db, coin.symbol, '1min');
      expect(Number(last!.time), coin.symbol).toBe(bucketStart('1min', NOW) - MINUTE);
      expect(BigInt(last!.close), coin.symbol).toBe(coin.startPrice);
      const day = await repo.latestCandle(db.db, coin.symbol, '1day');
      expect(Number(day!.time)).toBe(minuteHistoryStart(NOW, 0.25) - DAY);
    }
  });

  it('makes up the part of the open minute gone before the start', async () => {
    const { market } = await started();
    const [minute] = await market.candles('BTC/USDT', '1min', 1);
    expect(parseMoney(minute!.volume)).toBeGreaterThan(0n);
  });

  it('is the same for the same seed and start', async () => {
    const a = await started();
    const b = await started();
    const c = await started(NOW, 100);
    const read = (m: SimulatedMarket) => m.candles('SOL/USDT', '1day', 1000);
    expect(await read(b.market)).toEqual(await read(a.market));
    expect(await read(c.market)).not.toEqual(await read(a.market));
    a.advance(5_000);
    b.advance(5_000);
    expect(b.market.tickers()).toEqual(a.market.tickers());
    expect(await b.market.candles('BTC/USDT', '1min', 3)).toEqual(
      await a.market.candles('BTC/USDT', '1min', 3),
    );
  });

  it('prints live prices no seed foretells, on the same history (as the server runs it)', async () => {
    const a = await started(NOW, 99, false);
    const b = await started(NOW, 99, false);
    // Every candle but the live one (its first tick makes up the open minute already gone).
    const history = async (m: SimulatedMarket) =>
      (await m.candles('SOL/USDT', '1min', 1000)).slice(0, -1);
    expect((await history(b.market)).length).toBeGreaterThan(300);
    expect(await history(b.market)).toEqual(await history(a.market));
    a.advance(5_000);
    b.advance(5_000);
    const last = (m: SimulatedMarket) => m.products().map((p) => m.lastPrice(p.symbol));
    expect(last(b.market)).not.toEqual(last(a.market));
  });
});

describe('candles', () => {
  it('answers oldest first, ending with the live candle by default', async () => {
    const { market } = await started();
    for (const period of CANDLE_PERIODS) {
      const candles = await market.candles('BTC/USDT', period, 50);
      expect(candles.length).toBeGreaterThan(1);
      const times = candles.map((c) => c.time);
      expect([...times].sort((x, y) => x - y)).toEqual(times);
      expect(times.at(-1)).toBe(bucketStart(period, NOW));
      // Each candle opens where the one before closed.
      for (let i = 1; i < candles.length; i++) expect(candles[i]!.open).toBe(candles[i - 1]!.close);
    }
    expect(await market.candles('BTC/USDT', '1min', 3)).toHaveLength(3);
    expect((await market.candles('BTC/USDT', '1min', 1))[0]!.time).toBe(bucketStart('1min', NOW));
  });

  it('answers the candles ending at or before a past endTime', async () => {
    const { market } = await started();
    // 03:56:25: the hours of 01:00 and 02:00 have ended, the one of 03:00 has not.
    const endTime = NOW - 2 * 3_600_000 - 17 * MINUTE;
    const candles = await market.candles('BTC/USDT', '1hour', 2, endTime);
    expect(candles.map((c) => c.time)).toEqual([
      Date.UTC(2026, 10, 21, 1),
      Date.UTC(2026, 10, 21, 2),
    ]);
    // Only the minute history has hours: asking for more answers those there are.
    expect(await market.candles('BTC/USDT', '1hour', 300, endTime)).toHaveLength(3);
    const months = await market.candles('BTC/USDT', '1mon', 3, Date.UTC(2025, 0, 1));
    expect(months.map((c) => new Date(c.time).toISOString().slice(0, 7))).toEqual([
      '2024-10',
      '2024-11',
      '2024-12',
    ]);
    expect(await market.candles('BTC/USDT', '1day', 10, Date.UTC(2015, 0, 1))).toEqual([]);
  });

  it('keeps the live candles of every period in step with the last price', async () => {
    const { market, advance } = await started();
    advance(90_000);
    const last = market.ticker('BTC/USDT')!.price;
    for (const period of CANDLE_PERIODS) {
      const live = (await market.candles('BTC/USDT', period, 1))[0]!;
      expect(live.close).toBe(last);
      expect(parseMoney(live.high)).toBeGreaterThanOrEqual(parseMoney(last!));
    }
  });
});

describe('ticking', () => {
  it('stores each minute as it closes, continuing from the last close', async () => {
    const { market, db, advance } = await started();
    const before = await repo.latestCandle(db.db, 'BTC/USDT', '1min');
    advance(2 * MINUTE);
    await market.stop();
    const rows = await repo.candlesBetween(
      db.db,
      'BTC/USDT',
      '1min',
      Number(before!.time),
      NOW + DAY,
    );
    expect(rows.map((r) => Number(r.time))).toEqual(
      [0, 1, 2].map((i) => Number(before!.time) + i * MINUTE),
    );
    expect(rows[1]!.open).toBe(before!.close);
    expect(rows[2]!.open).toBe(rows[1]!.close);
    expect(rows[1]!.volume).toBeGreaterThan(0n);
  });

  it('fills the minutes missed while the process stood still', async () => {
    const { market, db, clock } = await started();
    clock.time += 10 * MINUTE;
    market.tick();
    await market.stop();
    const rows = await repo.candlesBetween(db.db, 'DOGE/USDT', '1min', NOW - 5 * MINUTE, NOW + DAY);
    const times = rows.map((r) => Number(r.time));
    expect(times).toEqual(times.map((_, i) => times[0]! + i * MINUTE));
    expect(times.at(-1)).toBe(bucketStart('1min', clock.time) - MINUTE);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.open).toBe(rows[i - 1]!.close);
  });

  it('bridges a month-long jump with days rather than millions of minutes', async () => {
    const { market, db, clock } = await started();
    clock.time += 30 * DAY;
    const began = performance.now();
    market.tick();
    expect(performance.now() - began).toBeLessThan(1_000);
    await market.stop();
    const yesterday = bucketStart('1day', NOW) - DAY;
    const days = await repo.candlesBetween(db.db, 'BTC/USDT', '1day', yesterday, clock.time);
    expect(days.map((d) => Number(d.time))).toEqual(
      Array.from({ length: days.length }, (_, i) => yesterday + i * DAY),
    );
    expect(Number(days.at(-1)!.time)).toBe(bucketStart('1day', clock.time) - DAY);
    for (let i = 1; i < days.length; i++) expect(days[i]!.open).toBe(days[i - 1]!.close);
    const minutes = await repo.candlesBetween(db.db, 'BTC/USDT', '1min', NOW, clock.time);
    expect(minutes.length).toBeLessThan(2 * 1440);
    expect(market.ticker('BTC/USDT')!.time).toBe(clock.time);
  });

  it('moves the tickers and rates', async () => {
    const { market, advance } = await started();
    const first = market.tickers();
    expect(first).toHaveLength(12);
    advance(2_000);
    const later = market.tickers();
    expect(later.map((t) => t.price)).not.toEqual(first.map((t) => t.price));
    expect(later.every((t) => t.time === NOW + 2_000)).toBe(true);
    const live = market.rates('live');
    expect(live[0]).toEqual({ currency: 'USDT', rate: '1.00000000', time: NOW + 2_000 });
    expect(live.find((r) => r.currency === 'ETH')!.rate).toBe(market.ticker('ETH/USDT')!.price);
    expect(market.rateToUsdt('ETH', 'live')).toBe(market.lastPrice('ETH/USDT'));
    expect(market.rateToUsdt('XYZ')).toBeUndefined();
  });

  it('keeps the minute rate for the whole minute', async () => {
    const { market, clock, advance } = await started();
    const minuteRate = market.rates('minute');
    advance(10_000);
    if (bucketStart('1min', clock.time) === bucketStart('1min', NOW))
      expect(market.rates('minute')).toEqual(minuteRate);
    advance(MINUTE);
    const closed = await market.candles('BTC/USDT', '1min', 2);
    expect(market.rateToUsdt('BTC', 'minute')).toBe(parseMoney(closed[0]!.close));
    expect(market.rates('minute')[0]!.time).toBe(bucketStart('1min', clock.time));
  });
});

describe('restart', () => {
  it('continues from the last stored close and fills the time it was down', async () => {
    const db = await freshDatabase();
    opened.push(db);
    const first = marketOn(db.handle, NOW);
    await first.market.start();
    first.advance(3 * MINUTE);
    await first.market.stop();
    const lastStored = await repo.latestCandle(db.handle.db, 'BTC/USDT', '1min');

    const downFor = 2 * 3_600_000 + 7 * MINUTE;
    const second = marketOn(db.handle, first.clock.time + downFor);
    await second.market.start();
    stops.push(() => second.market.stop());
    const rows = await repo.candlesBetween(
      db.handle.db,
      'BTC/USDT',
      '1min',
      Number(lastStored!.time),
      second.clock.time,
    );
    expect(rows[0]).toEqual(lastStored);
    expect(rows).toHaveLength(
      (bucketStart('1min', second.clock.time) - Number(lastStored!.time)) / MINUTE,
    );
    for (let i = 1; i < rows.length; i++) {
      expect(Number(rows[i]!.time)).toBe(Number(rows[i - 1]!.time) + MINUTE);
      expect(rows[i]!.open).toBe(rows[i - 1]!.close);
    }
    // Hours that closed while it was down were stored too, and agree with their minutes.
    const hour = bucketStart('1hour', first.clock.time) + 3_600_000;
    const [stored] = await repo.candlesBetween(db.handle.db, 'BTC/USDT', '1hour', hour, hour + 1);
    const minutes = rows.filter(
      (r) => Number(r.time) >= hour && Number(r.time) < bucketEnd('1hour', hour),
    );
    expect(minutes).toHaveLength(60);
    expect(stored).toMatchObject({
      open: minutes[0]!.open,
      close: minutes.at(-1)!.close,
      high: minutes.reduce((a, r) => (r.high > a ? r.high : a), 0n),
      volume: minutes.reduce((a, r) => a + r.volume, 0n),
    });
    // The open day goes on from the stored minutes of the day: it opens at the day's first minute.
    const day = (await second.market.candles('BTC/USDT', '1day', 1))[0]!;
    const [firstOfDay] = await repo.candlesBetween(
      db.handle.db,
      'BTC/USDT',
      '1min',
      day.time,
      day.time + MINUTE,
    );
    expect(day.open).toBe(formatMoney(firstOfDay!.open));
    expect(closes(await second.market.candles('BTC/USDT', '1min', 1))[0]).toBe(
      second.market.ticker('BTC/USDT')!.price,
    );
  });
});

describe('publishing', () => {
  it('sends tickers and candles of every period, and leaves books and trades to the spot engine', async () => {
    const { frames, advance } = await started();
    frames.length = 0;
    advance(1_000);
    const channels = new Set(frames.map((f) => f.channel));
    expect(channels.has('tickers')).toBe(true);
    for (const period of CANDLE_PERIODS)
      expect(channels.has(`candle.BTC/USDT.${period}`)).toBe(true);
    expect(channels.has('depth.LINK/USDT')).toBe(false);
    expect(channels.has('trades.AVAX/USDT')).toBe(false);
    // Four ticks of 250 ms: four ticker frames.
    expect(frames.filter((f) => f.channel === 'tickers')).toHaveLength(4);
    const tickers = frames.filter((f) => f.channel === 'tickers').at(-1)!.data as {
      symbol: string;
    }[];
    expect(tickers).toHaveLength(12);
    const candle = frames.filter((f) => f.channel === 'candle.BTC/USDT.1min').at(-1)!.data;
    expect(candle).toMatchObject({ time: bucketStart('1min', NOW + 1_000) });
  });
});
