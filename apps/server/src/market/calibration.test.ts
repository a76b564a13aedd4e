import { describe, expect, it } from 'vitest';
import { DAY, MINUTE, type Bar } from './candles';
import { prepareCoins, unitsToNumber, type Coin } from './coins';
import { dailyHistoryStart, historyBack, minuteHistoryStart } from './history';
import { YEAR_MS } from './simulator';

// The back-filled history measured as a trader would: realised volatility of daily, weekly and
// monthly returns, the level years ago, and where it ends.

const coins = prepareCoins();
const NOW = Date.UTC(2026, 10, 24, 16, 20);
const TO = minuteHistoryStart(NOW, 7);
const FROM = dailyHistoryStart(TO);
const SEEDS = [20_261_121, 7, 1234];

const logCloses = (bars: readonly Bar[]) => bars.map((b) => Math.log(unitsToNumber(b.close)));

/** Log returns over non-overlapping windows of `days` days. */
function returns(closes: readonly number[], days: number): number[] {
  const out: number[] = [];
  for (let i = days; i < closes.length; i += days) out.push(closes[i]! - closes[i - days]!);
  return out;
}

/**
 * Realised variance of returns over `days`, as a multiple of what the coin's configured annual
 * volatility promises for that horizon (1 = exactly as configured).
 */
function varianceRatios(coin: Coin, closes: readonly number[], days: number): number[] {
  const expected = coin.spec.volatility ** 2 * ((days * DAY) / YEAR_MS);
  return returns(closes, days).map((r) => (r * r) / expected);
}

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

const histories = SEEDS.flatMap((seed) =>
  coins.map((coin) => ({
    coin,
    seed,
    closes: logCloses(historyBack('day', coin, seed, { from: FROM, to: TO }, coin.startPrice)),
  })),
);

describe('the back-filled history', () => {
  it.each([
    ['daily', 1, 0.95, 1.05],
    ['weekly', 7, 0.92, 1.06],
    ['monthly', 30, 0.86, 1.06],
  ] as const)(
    'moves with each coin’s configured annual volatility in %s returns',
    (_name, days, low, high) => {
      // Pooled over every coin and three seeds, each return scaled by its own coin's volatility:
      // 1,700 monthly returns put the estimate within about 2 % of the truth.
      const ratios = histories.flatMap((h) => varianceRatios(h.coin, h.closes, days));
      const realised = Math.sqrt(mean(ratios));
      expect(realised).toBeGreaterThan(low);
      expect(realised).toBeLessThan(high);
    },
  );

  it('gives every coin its own volatility, the steadier ones less', () => {
    for (const coin of coins) {
      const ratios = histories
        .filter((h) => h.coin === coin)
        .flatMap((h) => varianceRatios(coin, h.closes, 1));
      const realised = Math.sqrt(mean(ratios)) * coin.spec.volatility;
      expect(realised / coin.spec.volatility, coin.symbol).toBeGreaterThan(0.92);
      expect(realised / coin.spec.volatility, coin.symbol).toBeLessThan(1.08);
    }
    const vol = (base: string) => coins.find((c) => c.spec.base === base)!.spec.volatility;
    expect(vol('BTC')).toBeCloseTo(0.6);
    expect(vol('ETH')).toBeCloseTo(0.75);
    expect(vol('BNB')).toBeLessThan(vol('BTC'));
    expect(vol('TRX')).toBeLessThan(vol('BTC'));
  });

  it('stays at plausible levels years back instead of wandering off by factors', () => {
    // A free random walk at 60 % a year is more than 2.5 times away after four years for almost
    // half the draws; pulled towards the configured price it rarely is.
    let near = 0;
    let draws = 0;
    for (let seed = 1; seed <= 40; seed++) {
      for (const coin of coins.slice(0, 2)) {
        const [first] = historyBack('day', coin, seed, { from: FROM, to: TO }, coin.startPrice);
        const away = Math.abs(
          Math.log(unitsToNumber(first!.open) / unitsToNumber(coin.startPrice)),
        );
        if (away < Math.log(2.5)) near++;
        draws++;
      }
    }
    expect(near / draws).toBeGreaterThan(0.8);
  });

  it('ends exactly at the configured price: minutes up to now, days up to the minutes', () => {
    for (const coin of coins) {
      const openMinute = Math.floor(NOW / MINUTE) * MINUTE;
      const minutes = historyBack(
        'minute',
        coin,
        SEEDS[0]!,
        { from: TO, to: openMinute },
        coin.startPrice,
      );
      expect(minutes).toHaveLength((openMinute - TO) / MINUTE);
      expect(minutes[0]!.time).toBe(TO);
      expect(minutes.at(-1)!.time).toBe(openMinute - MINUTE);
      expect(minutes.at(-1)!.close).toBe(coin.startPrice);
      for (let i = 1; i < minutes.length; i++) expect(minutes[i]!.open).toBe(minutes[i - 1]!.close);
      const days = historyBack('day', coin, SEEDS[0]!, { from: FROM, to: TO }, minutes[0]!.open);
      expect(days.at(-1)!.close).toBe(minutes[0]!.open);
      // A week of minutes moves the price, but it is the past that moved: today is the anchor.
      const weekAgo = unitsToNumber(minutes[0]!.open) / unitsToNumber(coin.startPrice);
      expect(Math.abs(Math.log(weekAgo))).toBeLessThan(coin.spec.volatility);
    }
  });
});
