import fs from 'node:fs';
import path from 'node:path';
import { pro, type Exchange } from 'ccxt';
import { afterEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../lib/clock';
import { prepareCoins, type Coin } from '../coins';
import type { PrintSink } from '../simulator';
import { SOURCE_SPECS, setSpotMarkets } from './adapters';
import { LiveSources } from './index';
import type { LiveSourceName } from './names';

/**
 * The adapters, the index and suspension against recorded message streams (recordings/, written
 * from each venue's documented websocket format), replayed into real ccxt exchange instances
 * whose sockets never open: each client "connects" at once and sends nowhere, and the recorded
 * messages go through the library's own handleMessage, as they would from the socket.
 */

interface Recording {
  t0: number;
  messages: Record<string, unknown>[];
}

const dir = path.join(import.meta.dirname, 'recordings');
const read = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Recording;
const RECORDINGS: Record<LiveSourceName, Recording> = {
  binance: read('binance-miniticker.json'),
  okx: read('okx-tickers.json'),
  coinbase: read('coinbase-ticker.json'),
};

/** The venue's time of a recorded message (ms). */
function timeOf(name: LiveSourceName, m: Record<string, unknown>): number {
  if (name === 'binance') return m.E as number;
  if (name === 'okx') return Number((m.data as { ts: string }[])[0]!.ts);
  return Date.parse(m.time as string);
}

/** The message as if sent `ms` later. */
function shifted(name: LiveSourceName, m: Record<string, unknown>, ms: number) {
  const copy = structuredClone(m);
  if (name === 'binance') copy.E = (m.E as number) + ms;
  else if (name === 'okx') {
    const row = (copy.data as { ts: string }[])[0]!;
    row.ts = String(Number(row.ts) + ms);
  } else copy.time = new Date(Date.parse(m.time as string) + ms).toISOString();
  return copy;
}

const T0 = RECORDINGS.binance.t0;

class TestClock implements Clock {
  constructor(public t: number) {}
  now(): number {
    return this.t;
  }
}

/** A ccxt exchange whose clients never touch the network; answers it and what it subscribed. */
function offlineExchange(name: LiveSourceName, coins: readonly Coin[]) {
  const exchange = new pro[SOURCE_SPECS[name].ccxtId]({ enableRateLimit: false }) as Exchange;
  setSpotMarkets(exchange, name, coins);
  const sent: unknown[] = [];
  const make = exchange.client.bind(exchange);
  exchange.client = (url: string) => {
    const client = make(url);
    if (!(client as { offline?: true }).offline) {
      Object.assign(client, {
        offline: true,
        connect: () => Promise.resolve(),
        send: (message: unknown) => {
          sent.push(message);
          return Promise.resolve();
        },
      });
    }
    return client;
  };
  return { exchange, sent };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

class Prints implements PrintSink {
  list: { symbol: string; time: number; price: bigint }[] = [];
  print(coin: Coin, time: number, price: bigint): void {
    this.list.push({ symbol: coin.symbol, time, price });
  }
}

function setup() {
  const coins = prepareCoins();
  const clock = new TestClock(T0);
  const venues = {
    binance: offlineExchange('binance', coins),
    okx: offlineExchange('okx', coins),
    coinbase: offlineExchange('coinbase', coins),
  };
  const waits: number[] = [];
  const warnings: object[] = [];
  const live = new LiveSources(
    coins,
    { sources: ['binance', 'okx', 'coinbase'], staleMs: 10_000, bandBps: 200, minSources: 2 },
    clock,
    { info: () => undefined, warn: (details) => warnings.push(details) },
    T0,
    {
      exchanges: (name) => venues[name].exchange,
      // The backoff on the test's clock: the wait passes as the clock is moved by it.
      wait: (ms) => {
        waits.push(ms);
        clock.t += ms;
        return Promise.resolve();
      },
    },
  );
  const delivered = { binance: 0, okx: 0, coinbase: 0 };
  /** Hands every recorded message made by now to its exchange, as its socket would. */
  async function replayUntil(time: number, shift = 0) {
    clock.t = time;
    for (const name of ['binance', 'okx', 'coinbase'] as const) {
      const { exchange } = venues[name];
      const messages = RECORDINGS[name].messages.map((m) => shifted(name, m, shift));
      const due = messages.filter((m) => timeOf(name, m) <= time);
      for (const message of due.slice(shift ? 0 : delivered[name])) {
        const client = Object.values(exchange.clients)[0];
        if (!client) throw new Error(`${name}: no client`);
        exchange.handleMessage(client, message);
        await settle();
      }
      if (!shift) delivered[name] = due.length;
    }
    await settle();
  }
  const btc = coins.find((c) => c.symbol === 'BTC/USDT')!;
  const eth = coins.find((c) => c.symbol === 'ETH/USDT')!;
  return { coins, clock, venues, waits, warnings, live, replayUntil, btc, eth };
}

let current: LiveSources | undefined;
afterEach(async () => {
  await current?.stop();
  current = undefined;
});

describe('live sources replayed from recordings', () => {
  it('subscribes each venue to its coins and prints the median of three fresh sources', async () => {
    const s = setup();
    current = s.live;
    await s.live.start();
    await settle();
    expect(s.venues.binance.sent[0]).toMatchObject({
      method: 'SUBSCRIBE',
      params: expect.arrayContaining(['btcusdt@miniTicker', 'ethusdt@miniTicker']),
    });
    expect(s.venues.okx.sent[0]).toMatchObject({ op: 'subscribe' });
    expect(s.venues.coinbase.sent[0]).toMatchObject({ type: 'subscribe', channels: ['ticker'] });
    // Coinbase does not list BNB or TRX: never asked for them.
    expect(JSON.stringify(s.venues.coinbase.sent)).not.toMatch(/BNB|TRX/);

    await s.replayUntil(T0 + 1_500);
    const prints = new Prints();
    s.live.feed.step(s.clock.now(), prints);
    expect(s.live.feed.status(s.btc.index)).toEqual({ status: 'open', sources: 3, reason: null });
    // binance 95002, okx 95012, coinbase 94992 (USD) at +1 s: the median, on the 0.01 grid.
    const btcPrint = prints.list.find((p) => p.symbol === 'BTC/USDT');
    expect(btcPrint?.price).toBe(9_500_200_000_000n);
    expect(s.live.feed.sources(s.btc.index)?.map((x) => [x.name, x.price])).toEqual([
      ['binance', 9_500_200_000_000n],
      ['okx', 9_501_200_000_000n],
      ['coinbase', 9_499_200_000_000n],
    ]);
    // A coin no source has priced yet is suspended and prints nothing.
    const sol = s.coins.find((c) => c.symbol === 'SOL/USDT')!;
    expect(s.live.feed.status(sol.index)).toMatchObject({ status: 'suspended', sources: 0 });
    expect(prints.list.some((p) => p.symbol === 'SOL/USDT')).toBe(false);
  });

  it('drops the deviating source (Coinbase ETH, 5 % off) and the lagging one (OKX) once stale', async () => {
    const s = setup();
    current = s.live;
    await s.live.start();
    await settle();
    await s.replayUntil(T0 + 1_500);
    s.live.feed.step(s.clock.now(), new Prints());
    expect(s.live.feed.status(s.eth.index)).toEqual({ status: 'open', sources: 2, reason: null });
    expect(s.live.feed.sources(s.eth.index)?.map((x) => x.name)).toEqual(['binance', 'okx']);
    const ethHealth = s.live.feed
      .health()
      .map((h) => [h.name, h.coins.find((c) => c.symbol === 'ETH/USDT')?.state]);
    expect(ethHealth).toEqual([
      ['binance', 'fresh'],
      ['okx', 'fresh'],
      ['coinbase', 'deviating'],
    ]);

    // OKX's last ticker is at +2 s: at +12.5 s it is more than 10 s old.
    await s.replayUntil(T0 + 12_500);
    const prints = new Prints();
    s.live.feed.step(s.clock.now(), prints);
    expect(s.live.feed.status(s.btc.index)).toEqual({ status: 'open', sources: 2, reason: null });
    expect(s.live.feed.sources(s.btc.index)?.map((x) => x.name)).toEqual(['binance', 'coinbase']);
    // ETH: OKX stale leaves Binance and Coinbase, 5 % apart: neither is trusted, suspended.
    expect(s.live.feed.status(s.eth.index)).toEqual({
      status: 'suspended',
      sources: 0,
      reason:
        '0 of 3 sources fresh, 2 needed: binance deviating (3401.2), okx stale (10 s old), coinbase deviating (3571.2)',
    });
    expect(prints.list.map((p) => p.symbol)).toContain('BTC/USDT');
    expect(prints.list.map((p) => p.symbol)).not.toContain('ETH/USDT');
    const okx = s.live.feed.health().find((h) => h.name === 'okx')!;
    expect(okx.lastUpdate).toBe(T0 + 2_080);
    expect(okx.coins.find((c) => c.symbol === 'BTC/USDT')?.state).toBe('stale');
  });

  it('suspends every coin when all sources go stale, then reconnects and prints again', async () => {
    const s = setup();
    current = s.live;
    await s.live.start();
    await settle();
    await s.replayUntil(T0 + 12_500);
    // Nothing arrives for 20 s.
    s.clock.t = T0 + 32_500;
    const quiet = new Prints();
    s.live.feed.step(s.clock.now(), quiet);
    expect(quiet.list).toEqual([]);
    for (const coin of s.coins) expect(s.live.feed.status(coin.index).status).toBe('suspended');
    expect(s.live.feed.status(s.btc.index).reason).toBe(
      '0 of 3 sources fresh, 2 needed: binance stale (20 s old), okx stale (30 s old), coinbase stale (20 s old)',
    );

    // Every socket drops: the watches fail, each stream marks itself down and backs off.
    for (const name of ['binance', 'okx', 'coinbase'] as const) {
      const client = Object.values(s.venues[name].exchange.clients)[0]!;
      client.onError(new Error('socket hang up'));
    }
    await settle();
    await settle();
    expect(s.live.feed.health().map((h) => h.connected)).toEqual([false, false, false]);
    expect(s.live.feed.health()[0]!.error).toMatch(/socket hang up/);
    expect(s.waits).toEqual([1_000, 1_000, 1_000]);
    expect(s.warnings).toHaveLength(3);
    // Each stream watched again on a new socket and subscribed again.
    expect(s.venues.binance.sent).toHaveLength(2);
    expect(s.venues.okx.sent).toHaveLength(2);
    expect(s.venues.coinbase.sent).toHaveLength(2);

    // The venues stream again 33 s after the recording began.
    const back = T0 + 33_000;
    await s.replayUntil(back + 12_500, 33_000);
    const prints = new Prints();
    s.live.feed.step(s.clock.now(), prints);
    expect(s.live.feed.status(s.btc.index)).toEqual({ status: 'open', sources: 2, reason: null });
    expect(prints.list.map((p) => p.symbol)).toEqual(['BTC/USDT']);
    // OKX streamed again too, but its recording ends after 2 s: connected, and stale again.
    expect(s.live.feed.health().map((h) => h.connected)).toEqual([true, true, true]);
    expect(s.live.feed.sources(s.btc.index)?.map((x) => x.name)).toEqual(['binance', 'coinbase']);
  });

  it('backs off doubling up to its maximum while a venue stays down, and stops cleanly', async () => {
    const s = setup();
    current = s.live;
    await s.live.start();
    await settle();
    for (let i = 0; i < 7; i++) {
      const client = Object.values(s.venues.okx.exchange.clients)[0]!;
      client.onError(new Error('ECONNREFUSED'));
      await settle();
      await settle();
    }
    expect(s.waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    // One warning for the run of failures, not one per retry.
    expect(s.warnings).toHaveLength(1);
    await s.live.stop();
    current = undefined;
  });
});
