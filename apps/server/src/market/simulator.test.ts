import { hasPrecision } from '@tidemark/contract';
import { describe, expect, it } from 'vitest';
import { prepareCoins, unitsToNumber, type Coin } from './coins';
import { FeedSimulator, YEAR_MS, type PrintSink } from './simulator';

const coins = prepareCoins();
const START = Date.UTC(2026, 10, 2, 12, 0, 0);

interface Print {
  symbol: string;
  time: number;
  price: bigint;
  quantity: bigint;
  buy: boolean;
}

function recorder(): PrintSink & { prints: Print[] } {
  const prints: Print[] = [];
  return {
    prints,
    print: (coin: Coin, time, price, quantity, buy) =>
      prints.push({ symbol: coin.symbol, time, price, quantity, buy }),
  };
}

function run(seed: number, steps: number, tickMs = 250) {
  const simulator = new FeedSimulator(
    coins,
    seed,
    START,
    coins.map((c) => c.startPrice),
  );
  const sink = recorder();
  for (let i = 1; i <= steps; i++) simulator.step(START + i * tickMs, sink);
  return { simulator, prints: sink.prints };
}

describe('FeedSimulator', () => {
  it('gives identical prints for the same seed, start and step times', () => {
    const a = run(7, 400);
    const b = run(7, 400);
    expect(a.prints.length).toBeGreaterThanOrEqual(400 * coins.length);
    expect(b.prints).toEqual(a.prints);
    expect(coins.map((_, i) => b.simulator.price(i))).toEqual(
      coins.map((_, i) => a.simulator.price(i)),
    );
  });

  it('gives different prices for another seed', () => {
    const a = run(7, 50);
    const b = run(8, 50);
    expect(b.prints.map((p) => p.price)).not.toEqual(a.prints.map((p) => p.price));
  });

  it('does nothing when time has not advanced', () => {
    const simulator = new FeedSimulator(
      coins,
      1,
      START,
      coins.map((c) => c.startPrice),
    );
    const sink = recorder();
    simulator.step(START, sink);
    simulator.step(START - 1_000, sink);
    expect(sink.prints).toEqual([]);
    expect(simulator.time).toBe(START);
  });

  it('prints positive prices on the tick and positive quantities on the lot, in time order', () => {
    const { prints } = run(11, 2_000);
    const bySymbol = new Map(coins.map((c) => [c.symbol, c]));
    const lastTime = new Map<string, number>();
    const wrong: Print[] = [];
    for (const print of prints) {
      const coin = bySymbol.get(print.symbol)!;
      const ok =
        print.price > 0n &&
        hasPrecision(print.price, coin.spec.pricePrecision) &&
        print.quantity > 0n &&
        hasPrecision(print.quantity, coin.spec.quantityPrecision) &&
        print.time > (lastTime.get(print.symbol) ?? START) &&
        print.time <= START + 2_000 * 250;
      if (!ok) wrong.push(print);
      lastTime.set(print.symbol, print.time);
    }
    expect(wrong).toEqual([]);
    expect(lastTime.get('BTC/USDT')).toBe(START + 2_000 * 250);
  });

  it('calls an uptick a buy and a downtick a sell', () => {
    const { prints } = run(3, 500);
    const btc = prints.filter((p) => p.symbol === 'BTC/USDT');
    for (let i = 1; i < btc.length; i++) {
      const [before, now] = [btc[i - 1]!, btc[i]!];
      if (now.price > before.price) expect(now.buy).toBe(true);
      if (now.price < before.price) expect(now.buy).toBe(false);
    }
  });

  it('moves with the configured annualised volatility', () => {
    // Half a day of 250 ms steps; volatility measured on one-minute closes, where rounding to
    // the tick no longer matters.
    const tickMs = 250;
    const steps = (12 * 60 * 60 * 1000) / tickMs;
    const simulator = new FeedSimulator(
      coins,
      2026,
      START,
      coins.map((c) => c.startPrice),
    );
    const closes: number[][] = coins.map(() => []);
    const sink: PrintSink = { print: () => {} };
    for (let i = 1; i <= steps; i++) {
      simulator.step(START + i * tickMs, sink);
      if (i % 240 === 0)
        coins.forEach((_, c) => closes[c]!.push(unitsToNumber(simulator.price(c))));
    }
    const perYear = Math.sqrt(YEAR_MS / 60_000);
    for (const coin of coins) {
      const series = closes[coin.index]!;
      const returns = series.slice(1).map((p, k) => Math.log(p / series[k]!));
      const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
      const variance = returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1);
      const measured = Math.sqrt(variance) * perYear;
      // 719 returns: the standard error of the estimate is under 3 %.
      expect(measured / coin.spec.volatility).toBeGreaterThan(0.9);
      expect(measured / coin.spec.volatility).toBeLessThan(1.1);
    }
  });

  it('trades about the configured daily volume', () => {
    const tickMs = 250;
    const hours = 2;
    const { prints } = run(5, (hours * 3_600_000) / tickMs, tickMs);
    for (const coin of coins) {
      let quote = 0;
      for (const p of prints)
        if (p.symbol === coin.symbol) quote += unitsToNumber(p.quantity) * unitsToNumber(p.price);
      const expected = (coin.spec.dailyQuoteVolume * hours) / 24;
      expect(quote / expected).toBeGreaterThan(0.85);
      expect(quote / expected).toBeLessThan(1.15);
    }
  });
});
