import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDatabase } from '../test/database';
import { prepareCoins, type Coin } from './coins';
import { SimulatedMarket } from './feed';
import { readFeedScript, ScriptedFeed } from './scripted';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-script-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function scriptFile(content: unknown): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(file, JSON.stringify(content));
  return file;
}

const coins = prepareCoins();
const START = Date.UTC(2026, 10, 21, 6, 0, 0);

function prints(feed: ScriptedFeed, times: number[]) {
  const seen: { symbol: string; time: number; price: bigint }[] = [];
  const sink = {
    print: (coin: Coin, time: number, price: bigint) =>
      seen.push({ symbol: coin.symbol, time, price }),
  };
  for (const time of times) feed.step(time, sink);
  return seen;
}

describe('the scripted feed', () => {
  it('prints each scripted coin at its start price plus the move per second, on its price grid', () => {
    const script = readFeedScript(
      scriptFile({
        'BTC/USDT': { from: '95000', perSecond: '5' },
        'SOL/USDT': { from: '185', perSecond: '-0.5' },
      }),
    );
    const feed = new ScriptedFeed(
      coins,
      script,
      START,
      coins.map((c) => c.startPrice),
    );
    const seen = prints(feed, [START + 1_000, START + 2_500, START + 2_500]);
    const of = (symbol: string) => seen.filter((p) => p.symbol === symbol).map((p) => p.price);
    expect(of('BTC/USDT')).toEqual([9_500_500_000_000n, 9_501_250_000_000n]);
    expect(of('SOL/USDT')).toEqual([18_450_000_000n, 18_375_000_000n]);
    // A coin the script does not name stays at its last price.
    const eth = coins.find((c) => c.symbol === 'ETH/USDT')!;
    expect(of('ETH/USDT')).toEqual([eth.startPrice, eth.startPrice]);
    expect(feed.time).toBe(START + 2_500);
  });

  it('goes blind in a scripted window: suspended with no source, no prints, then open again', () => {
    const script = readFeedScript(
      scriptFile({ 'BTC/USDT': { from: '95000', perSecond: '0', blind: [[2, 4]] } }),
    );
    const feed = new ScriptedFeed(
      coins,
      script,
      START,
      coins.map((c) => c.startPrice),
    );
    const btc = coins.find((c) => c.symbol === 'BTC/USDT')!;
    const eth = coins.find((c) => c.symbol === 'ETH/USDT')!;
    const btcTimes = (times: number[]) =>
      prints(feed, times)
        .filter((p) => p.symbol === 'BTC/USDT')
        .map((p) => p.time - START);
    expect(btcTimes([START + 1_000, START + 1_999])).toEqual([1_000, 1_999]);
    expect(feed.status(btc.index)).toEqual({ status: 'open', sources: 1, reason: null });
    expect(btcTimes([START + 2_000, START + 3_999])).toEqual([]);
    expect(feed.status(btc.index)).toMatchObject({ status: 'suspended', sources: 0 });
    // Another coin keeps its source.
    expect(feed.status(eth.index).status).toBe('open');
    expect(btcTimes([START + 4_000])).toEqual([4_000]);
    expect(feed.status(btc.index).status).toBe('open');
    expect(() =>
      readFeedScript(scriptFile({ 'BTC/USDT': { from: '1', perSecond: '0', blind: [[4, 2]] } })),
    ).toThrow(/"blind" is a list of \[fromSecond, toSecond\] windows/);
  });

  it('refuses a script that is not symbols with decimal "from" and "perSecond"', () => {
    expect(() => readFeedScript(scriptFile(['BTC/USDT']))).toThrow(/object of symbols/);
    const broken = path.join(dir, 'broken.json');
    fs.writeFileSync(broken, '{"BTC/USDT": ');
    expect(() => readFeedScript(broken)).toThrow(
      `${broken}: a feed script must be a readable JSON`,
    );
    expect(() => readFeedScript(path.join(dir, 'missing.json'))).toThrow(/missing\.json: a feed/);
    expect(() => readFeedScript(scriptFile({ 'BTC/USDT': { from: '1' } }))).toThrow(
      /BTC\/USDT needs "from" and "perSecond"/,
    );
    expect(() =>
      readFeedScript(scriptFile({ 'BTC/USDT': { from: 'lots', perSecond: '1' } })),
    ).toThrow(/BTC\/USDT needs decimal amounts, not "lots" and "1"/);
  });

  it('says loudly at every start that prices are scripted, and the simulator does not', async () => {
    const { handle, close } = await migratedDatabase();
    const warnings: string[] = [];
    const log = {
      info: () => undefined,
      warn: (_details: object, message: string) => warnings.push(message),
      error: () => undefined,
    };
    const clock = { now: () => START };
    const bus = { publish: () => undefined };
    const base = { seed: 1, tickMs: 60_000, historyDays: 0.01 };
    try {
      const simulated = new SimulatedMarket({ database: handle, clock, bus, log, config: base });
      await simulated.start();
      await simulated.stop();
      expect(warnings).toEqual([]);
      const script = scriptFile({ 'BTC/USDT': { from: '95000', perSecond: '1' } });
      const scripted = new SimulatedMarket({
        database: handle,
        clock,
        bus,
        log,
        config: { ...base, feed: { kind: 'scripted', script } },
      });
      await scripted.start();
      await scripted.stop();
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/MARKET_FEED=scripted.*never in production/);
    } finally {
      await close();
    }
  });
});
