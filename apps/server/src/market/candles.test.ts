import type { CandlePeriod } from '@tidemark/contract';
import { describe, expect, it } from 'vitest';
import { bucketEnd, bucketStart, CandleChain, DAY, MINUTE, type Bar } from './candles';
import { Random } from './random';

const utc = (text: string) => Date.parse(`${text}Z`);

function bar(
  time: number,
  open: number,
  high: number,
  low: number,
  close: number,
  volume = 1,
): Bar {
  return {
    time,
    open: BigInt(open),
    high: BigInt(high),
    low: BigInt(low),
    close: BigInt(close),
    volume: BigInt(volume),
    quoteVolume: BigInt(volume * close),
  };
}

/** The obvious aggregation: group by bucket, first open, max high, min low, last close, sums. */
function naive(period: CandlePeriod, bars: readonly Bar[]): Bar[] {
  const out: Bar[] = [];
  for (const b of bars) {
    const start = bucketStart(period, b.time);
    const last = out.at(-1);
    if (last && last.time === start) {
      last.high = b.high > last.high ? b.high : last.high;
      last.low = b.low < last.low ? b.low : last.low;
      last.close = b.close;
      last.volume += b.volume;
      last.quoteVolume += b.quoteVolume;
    } else out.push({ ...b, time: start });
  }
  return out;
}

function randomBars(from: number, count: number, span: number, seed: number): Bar[] {
  const random = new Random(seed);
  let price = 10_000;
  return Array.from({ length: count }, (_, i) => {
    const open = price;
    price = Math.max(1, price + Math.round(random.normal() * 50));
    const high = Math.max(open, price) + Math.round(random.next() * 20);
    const low = Math.max(1, Math.min(open, price) - Math.round(random.next() * 20));
    return bar(from + i * span, open, high, low, price, 1 + Math.floor(random.next() * 100));
  });
}

function collect(feed: (chain: CandleChain, sink: (p: CandlePeriod, b: Bar) => void) => void) {
  const closed = new Map<CandlePeriod, Bar[]>();
  const chain = new CandleChain();
  feed(chain, (period, b) => {
    if (!closed.has(period)) closed.set(period, []);
    closed.get(period)!.push({ ...b });
  });
  return { chain, closed: (p: CandlePeriod) => closed.get(p) ?? [] };
}

describe('bucketStart and bucketEnd', () => {
  it.each([
    ['1min', '2026-11-21T13:47:59.999', '2026-11-21T13:47:00', '2026-11-21T13:48:00'],
    ['15min', '2026-11-21T13:47:00', '2026-11-21T13:45:00', '2026-11-21T14:00:00'],
    ['30min', '2026-11-21T13:29:59', '2026-11-21T13:00:00', '2026-11-21T13:30:00'],
    ['1hour', '2026-11-21T23:59:00', '2026-11-21T23:00:00', '2026-11-22T00:00:00'],
    ['1day', '2026-11-21T23:59:00', '2026-11-21T00:00:00', '2026-11-22T00:00:00'],
    // ISO weeks start on Monday 00:00 UTC.
    ['1week', '2026-11-21T13:47:00', '2026-11-16T00:00:00', '2026-11-23T00:00:00'],
    ['1week', '2026-11-22T23:59:59', '2026-11-16T00:00:00', '2026-11-23T00:00:00'],
    ['1week', '2026-11-23T00:00:00', '2026-11-23T00:00:00', '2026-11-30T00:00:00'],
    ['1week', '2027-01-01T08:00:00', '2026-12-28T00:00:00', '2027-01-04T00:00:00'],
    ['1week', '1970-01-01T00:00:00', '1969-12-29T00:00:00', '1970-01-05T00:00:00'],
    // Calendar months, UTC.
    ['1mon', '2026-11-30T23:59:59', '2026-11-01T00:00:00', '2026-12-01T00:00:00'],
    ['1mon', '2026-12-31T12:00:00', '2026-12-01T00:00:00', '2027-01-01T00:00:00'],
    ['1mon', '2028-02-29T12:00:00', '2028-02-01T00:00:00', '2028-03-01T00:00:00'],
    ['1mon', '2027-02-01T00:00:00', '2027-02-01T00:00:00', '2027-03-01T00:00:00'],
  ] as const)('%s of %s opens at %s and ends at %s', (period, at, start, end) => {
    expect(bucketStart(period, utc(at))).toBe(utc(start));
    expect(bucketEnd(period, utc(start))).toBe(utc(end));
  });
});

describe('CandleChain', () => {
  it('closes a 15-minute candle with the first open, highest high, lowest low and last close', () => {
    const t = utc('2026-11-21T13:00:00');
    const minutes = Array.from({ length: 15 }, (_, i) =>
      bar(t + i * MINUTE, 100 + i, 110 + i, 90 - i, 101 + i, i + 1),
    );
    minutes[7]!.high = 500n;
    const { closed } = collect((chain, sink) => minutes.forEach((m) => chain.addMinute(m, sink)));
    expect(closed('1min')).toHaveLength(15);
    expect(closed('15min')).toEqual([
      {
        time: t,
        open: 100n,
        high: 500n,
        low: 76n,
        close: 115n,
        volume: 120n,
        quoteVolume: minutes.reduce((a, m) => a + m.quoteVolume, 0n),
      },
    ]);
    // 13:00-13:14 is only the start of the 13:00 half hour and hour: not closed yet.
    expect(closed('30min')).toEqual([]);
    expect(closed('1hour')).toEqual([]);
  });

  it('closes a candle on the last minute of its period, not on the next one', () => {
    const t = utc('2026-11-21T13:58:00');
    const { chain, closed } = collect((c, sink) => {
      c.addMinute(bar(t, 1, 2, 1, 2), sink);
      c.addMinute(bar(t + MINUTE, 2, 3, 2, 3), sink);
    });
    expect(closed('15min').map((b) => b.time)).toEqual([utc('2026-11-21T13:45:00')]);
    expect(closed('30min').map((b) => b.time)).toEqual([utc('2026-11-21T13:30:00')]);
    expect(closed('1hour').map((b) => b.time)).toEqual([utc('2026-11-21T13:00:00')]);
    expect(closed('1day')).toEqual([]);
    expect(chain.part('15min')).toBeNull();
    expect(chain.part('1day')).toMatchObject({ time: utc('2026-11-21T00:00:00'), close: 3n });
  });

  it('agrees with a plain aggregation over three days of minutes', () => {
    const from = utc('2026-11-21T00:00:00');
    const minutes = randomBars(from, 3 * 1440, MINUTE, 1);
    const { closed } = collect((chain, sink) => minutes.forEach((m) => chain.addMinute(m, sink)));
    for (const period of ['15min', '30min', '1hour', '1day'] as const)
      expect(closed(period)).toEqual(naive(period, minutes));
    expect(closed('1day')).toHaveLength(3);
  });

  it('builds ISO weeks and calendar months from days', () => {
    // Monday 2026-06-01 to Sunday 2026-09-27: whole weeks and June, July, August.
    const from = utc('2026-06-01T00:00:00');
    const days = randomBars(from, 17 * 7, DAY, 2);
    const { chain, closed } = collect((c, sink) => days.forEach((d) => c.addDay(d, sink)));
    expect(closed('1day')).toEqual(days);
    expect(closed('1week')).toEqual(naive('1week', days));
    expect(closed('1week')).toHaveLength(17);
    expect(closed('1week').every((w) => new Date(w.time).getUTCDay() === 1)).toBe(true);
    expect(closed('1mon')).toEqual(naive('1mon', days).slice(0, 3));
    expect(closed('1mon').map((m) => new Date(m.time).toISOString().slice(0, 10))).toEqual([
      '2026-06-01',
      '2026-07-01',
      '2026-08-01',
    ]);
    // September is still open: its closed part holds the 27 days so far.
    expect(chain.part('1mon')).toEqual(naive('1mon', days)[3]);
  });

  it('makes days from minutes and weeks and months from those days', () => {
    // Sunday 2026-11-29 and Monday 2026-11-30 from minutes, after generated days since 2026-11-16.
    const days = randomBars(utc('2026-11-16T00:00:00'), 13, DAY, 3);
    const minutes = randomBars(utc('2026-11-29T00:00:00'), 2 * 1440, MINUTE, 4);
    const { chain, closed } = collect((c, sink) => {
      days.forEach((d) => c.addDay(d, sink));
      minutes.forEach((m) => c.addMinute(m, sink));
    });
    const allDays = [...days, ...naive('1day', minutes)];
    expect(closed('1day')).toEqual(allDays);
    expect(closed('1week')).toEqual(naive('1week', allDays).slice(0, 2));
    expect(closed('1mon')).toEqual(naive('1mon', allDays));
    expect(chain.part('1week')).toEqual(naive('1week', allDays)[2]);
    expect(chain.part('1mon')).toBeNull();
  });

  it('answers live candles that merge the closed part with the open minute', () => {
    const from = utc('2026-11-23T00:00:00'); // a Monday
    const minutes = randomBars(from, 100, MINUTE, 5);
    const open = minutes.pop()!;
    const { chain } = collect((c, sink) => minutes.forEach((m) => c.addMinute(m, sink)));
    const all = [...minutes, open];
    expect(chain.live('1min', open)).toEqual(open);
    expect(chain.live('15min', open)).toEqual(naive('15min', all).at(-1));
    expect(chain.live('1hour', open)).toEqual(naive('1hour', all).at(-1));
    expect(chain.live('1day', open)).toEqual(naive('1day', all)[0]);
    expect(chain.live('1week', open)).toEqual(naive('1week', all)[0]);
    expect(chain.live('1mon', open)).toEqual({
      ...naive('1day', all)[0]!,
      time: utc('2026-11-01T00:00:00'),
    });
    // Reading never changes the chain.
    expect(chain.live('1day', open)).toEqual(naive('1day', all)[0]);
  });

  it('closes a candle left open by a gap instead of mixing two candles', () => {
    const t = utc('2026-11-21T10:05:00');
    const { closed } = collect((c, sink) => {
      c.addMinute(bar(t, 5, 6, 4, 5), sink);
      c.addMinute(bar(t + 20 * MINUTE, 7, 8, 6, 7), sink);
    });
    expect(closed('15min').map((b) => [b.time, b.close])).toEqual([
      [utc('2026-11-21T10:00:00'), 5n],
    ]);
  });
});
