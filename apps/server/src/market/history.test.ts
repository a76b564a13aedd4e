import type { CandlePeriod } from '@tidemark/contract';
import { describe, expect, it } from 'vitest';
import { bucketStart, CandleChain, DAY, MINUTE, type Bar } from './candles';
import { prepareCoins, unitsToNumber } from './coins';
import {
  dailyHistoryStart,
  fillGap,
  historyBack,
  HISTORY_YEARS,
  minuteHistory,
  minuteHistoryStart,
} from './history';
import { YEAR_MS } from './simulator';

const coins = prepareCoins();
const btc = coins[0]!;
const doge = coins.find((c) => c.spec.base === 'DOGE')!;
const eth = coins[1]!;
const NOW = Date.UTC(2026, 10, 21, 6, 13, 25);

function wellFormed(bars: readonly Bar[], step: bigint): boolean {
  return bars.every(
    (b) =>
      b.low > 0n &&
      b.low <= b.open &&
      b.low <= b.close &&
      b.high >= b.open &&
      b.high >= b.close &&
      b.open % step === 0n &&
      b.high % step === 0n &&
      b.low % step === 0n &&
      b.close % step === 0n &&
      b.volume > 0n &&
      b.quoteVolume > 0n,
  );
}

function continuous(bars: readonly Bar[], span: number): boolean {
  return bars.every((b, i) => {
    const previous = bars[i - 1];
    return !previous || (b.time === previous.time + span && b.open === previous.close);
  });
}

describe('where the history begins', () => {
  it('starts the minutes at midnight UTC at least historyDays before now', () => {
    expect(minuteHistoryStart(NOW, 3)).toBe(Date.UTC(2026, 10, 18));
    expect(minuteHistoryStart(NOW, 0.25)).toBe(Date.UTC(2026, 10, 21));
    expect(minuteHistoryStart(Date.UTC(2026, 10, 21, 3), 0.25)).toBe(Date.UTC(2026, 10, 20));
  });

  it('starts the days on a Monday that is the first of a month, years before', () => {
    const start = dailyHistoryStart(Date.UTC(2026, 10, 18));
    const date = new Date(start);
    expect(date.getUTCDay()).toBe(1);
    expect(date.getUTCDate()).toBe(1);
    expect(start).toBeLessThanOrEqual(Date.UTC(2026 - HISTORY_YEARS, 10, 18));
    expect(start).toBeGreaterThan(Date.UTC(2026 - HISTORY_YEARS - 1, 10, 18));
    expect(bucketStart('1week', start)).toBe(start);
    expect(bucketStart('1mon', start)).toBe(start);
  });
});

describe('historyBack (days)', () => {
  const to = minuteHistoryStart(NOW, 3);
  const from = dailyHistoryStart(to);
  const days = historyBack('day', btc, 42, { from, to }, btc.startPrice);

  it('covers every day up to the minute history, each opening at the close before', () => {
    expect(days).toHaveLength((to - from) / DAY);
    expect(days[0]!.time).toBe(from);
    expect(days.at(-1)!.time).toBe(to - DAY);
    expect(continuous(days, DAY)).toBe(true);
    expect(wellFormed(days, btc.priceStep)).toBe(true);
  });

  it('ends exactly at the price where the minutes begin', () => {
    expect(days.at(-1)!.close).toBe(btc.startPrice);
  });

  it('is the same for the same seed and different for another', () => {
    expect(historyBack('day', btc, 42, { from, to }, btc.startPrice)).toEqual(days);
    expect(historyBack('day', btc, 43, { from, to }, btc.startPrice)[0]).not.toEqual(days[0]);
  });

  it('moves with the configured volatility', () => {
    const closes = days.map((d) => Math.log(unitsToNumber(d.close)));
    const returns = closes.slice(1).map((c, i) => c - closes[i]!);
    const variance = returns.reduce((a, r) => a + r * r, 0) / returns.length;
    const measured = Math.sqrt(variance * (YEAR_MS / DAY));
    expect(measured / btc.spec.volatility).toBeGreaterThan(0.85);
    expect(measured / btc.spec.volatility).toBeLessThan(1.15);
  });
});

describe('minuteHistory', () => {
  it('opens at the given price, continues minute by minute and answers the last close', () => {
    const from = Date.UTC(2026, 10, 20);
    const bars: Bar[] = [];
    const close = minuteHistory(doge, 9, from, from + 600 * MINUTE, doge.startPrice, (b) =>
      bars.push(b),
    );
    expect(bars).toHaveLength(600);
    expect(bars[0]!.open).toBe(doge.startPrice);
    expect(close).toBe(bars.at(-1)!.close);
    expect(continuous(bars, MINUTE)).toBe(true);
    expect(wellFormed(bars, doge.priceStep)).toBe(true);
    const again: Bar[] = [];
    minuteHistory(doge, 9, from, from + 600 * MINUTE, doge.startPrice, (b) => again.push(b));
    expect(again).toEqual(bars);
  });
});

describe('fillGap', () => {
  const emitted = (from: number, to: number, historyDays: number) => {
    const minutes: Bar[] = [];
    const days: Bar[] = [];
    const all: Bar[] = [];
    const close = fillGap(eth, 5, { from, to, historyDays }, eth.startPrice, {
      minute: (b) => (minutes.push(b), all.push(b)),
      day: (b) => (days.push(b), all.push(b)),
    });
    return { minutes, days, all, close };
  };

  it('fills a short gap with minutes only', () => {
    const from = Date.UTC(2026, 10, 20, 22, 30);
    const { minutes, days, close } = emitted(from, Date.UTC(2026, 10, 21, 6, 13), 1);
    expect(days).toEqual([]);
    expect(minutes).toHaveLength(7 * 60 + 43);
    expect(minutes[0]).toMatchObject({ time: from, open: eth.startPrice });
    expect(continuous(minutes, MINUTE)).toBe(true);
    expect(close).toBe(minutes.at(-1)!.close);
  });

  it('bridges a long gap with whole days, keeping minutes for the last historyDays', () => {
    const from = Date.UTC(2026, 10, 1, 15, 30);
    const to = Date.UTC(2026, 10, 21, 6, 13);
    const { minutes, days, all, close } = emitted(from, to, 1);
    // The rest of November 1st in minutes, the 2nd to the 19th in days, then minutes again.
    expect(days.map((d) => d.time)).toEqual(
      Array.from({ length: 18 }, (_, i) => Date.UTC(2026, 10, 2 + i)),
    );
    expect(minutes.filter((m) => m.time < days[0]!.time)).toHaveLength(8 * 60 + 30);
    expect(minutes.filter((m) => m.time > days[0]!.time)[0]!.time).toBe(Date.UTC(2026, 10, 20));
    expect(minutes.at(-1)!.time).toBe(to - MINUTE);
    // One unbroken price path across minutes and days.
    expect(all[0]!.open).toBe(eth.startPrice);
    for (let i = 1; i < all.length; i++) expect(all[i]!.open).toBe(all[i - 1]!.close);
    expect(wellFormed(days, eth.priceStep)).toBe(true);
    expect(close).toBe(all.at(-1)!.close);
  });
});

describe('a whole back-fill', () => {
  it('gives one continuous daily series and whole weeks and months from the first day', () => {
    const minuteStart = minuteHistoryStart(NOW, 1);
    const dayStart = dailyHistoryStart(minuteStart);
    const closed = new Map<CandlePeriod, Bar[]>();
    const sink = (period: CandlePeriod, bar: Bar) => {
      if (!closed.has(period)) closed.set(period, []);
      closed.get(period)!.push(bar);
    };
    const chain = new CandleChain();
    for (const day of historyBack(
      'day',
      btc,
      1,
      { from: dayStart, to: minuteStart },
      btc.startPrice,
    ))
      chain.addDay(day, sink);
    const last = minuteHistory(
      btc,
      1,
      minuteStart,
      bucketStart('1min', NOW),
      btc.startPrice,
      (bar) => chain.addMinute(bar, sink),
    );

    const daily = closed.get('1day')!;
    expect(continuous(daily, DAY)).toBe(true);
    expect(daily.at(-1)!.time).toBe(bucketStart('1day', NOW) - DAY);
    const minutes = closed.get('1min')!;
    expect(minutes[0]!.time).toBe(minuteStart);
    expect(minutes[0]!.open).toBe(btc.startPrice);
    expect(minutes.at(-1)!.close).toBe(last);
    expect(continuous(minutes, MINUTE)).toBe(true);

    const weeks = closed.get('1week')!;
    const months = closed.get('1mon')!;
    expect(weeks[0]!.time).toBe(dayStart);
    expect(months[0]!.time).toBe(dayStart);
    expect(weeks[0]!.open).toBe(daily[0]!.open);
    for (const series of [weeks, months])
      for (let i = 1; i < series.length; i++) expect(series[i]!.open).toBe(series[i - 1]!.close);
    // The open week and month go on from the last closed day.
    expect(chain.part('1mon')?.time).toBe(Date.UTC(2026, 10, 1));
    expect(chain.part('1day')?.time).toBe(bucketStart('1day', NOW));
  });
});
