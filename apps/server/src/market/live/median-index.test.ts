import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indexPrice, median, outsideBand, type SourceQuote } from './median-index';
import type { IndexRules } from './names';

const RULES: IndexRules = { staleMs: 10_000, bandBps: 200, minSources: 2 };
const NOW = 1_795_000_000_000;
const units = (n: number) => BigInt(Math.round(n * 1e8));

function q(name: string, price: number, age = 0): { name: string; quote: SourceQuote } {
  return { name, quote: { name, price: units(price), time: NOW - age } };
}

describe('median', () => {
  it('takes the middle of an odd count and the mean of the middle two of an even one', () => {
    expect(median([3n, 1n, 2n])).toBe(2n);
    expect(median([4n, 1n, 3n, 2n])).toBe(2n);
    expect(median([10n, 20n])).toBe(15n);
    expect(median([7n])).toBe(7n);
  });

  it('lies between the smallest and the largest value and does not depend on order', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 1n, max: 10n ** 15n }), { minLength: 1 }), (values) => {
        const m = median(values);
        const sorted = [...values].sort((a, b) => (a < b ? -1 : 1));
        expect(m >= sorted[0]! && m <= sorted[sorted.length - 1]!).toBe(true);
        expect(median([...values].reverse())).toBe(m);
      }),
    );
  });
});

describe('outsideBand', () => {
  it('compares in basis points of the reference', () => {
    expect(outsideBand(units(102), units(100), 200)).toBe(false);
    expect(outsideBand(units(102.01), units(100), 200)).toBe(true);
    expect(outsideBand(units(97.99), units(100), 200)).toBe(true);
  });
});

describe('indexPrice', () => {
  it('is the median of three fresh sources, using all three', () => {
    const r = indexPrice([q('binance', 100), q('okx', 100.4), q('coinbase', 99.9)], NOW, RULES);
    expect(r.price).toBe(units(100));
    expect(r.used.map((u) => u.name)).toEqual(['binance', 'okx', 'coinbase']);
    expect(r.reason).toBeNull();
    expect([...r.states.values()]).toEqual(['fresh', 'fresh', 'fresh']);
  });

  it('drops a source older than the staleness (a lagging one)', () => {
    const r = indexPrice(
      [q('binance', 100), q('okx', 101, 10_001), q('coinbase', 100.2)],
      NOW,
      RULES,
    );
    expect(r.states.get('okx')).toBe('stale');
    expect(r.used.map((u) => u.name)).toEqual(['binance', 'coinbase']);
    expect(r.price).toBe(units(100.1));
  });

  it('keeps a source exactly at the staleness', () => {
    const r = indexPrice([q('binance', 100, 10_000), q('okx', 100)], NOW, RULES);
    expect(r.states.get('binance')).toBe('fresh');
  });

  it('drops a source outside the band around the others (a deviating one)', () => {
    const r = indexPrice([q('binance', 100), q('okx', 110), q('coinbase', 100.1)], NOW, RULES);
    expect(r.states.get('okx')).toBe('deviating');
    expect(r.states.get('binance')).toBe('fresh');
    expect(r.price).toBe(units(100.05));
  });

  it('one outlier of four cannot push the honest ones out', () => {
    const r = indexPrice([q('a', 100), q('b', 100.5), q('c', 99.8), q('d', 1_000)], NOW, RULES);
    expect(r.used.map((u) => u.name)).toEqual(['a', 'b', 'c']);
    expect(r.price).toBe(units(100));
  });

  it('suspends when fewer than the minimum are fresh, naming what is missing', () => {
    const r = indexPrice(
      [q('binance', 100), q('okx', 100, 30_000), { name: 'coinbase', quote: undefined }],
      NOW,
      RULES,
    );
    expect(r.price).toBeNull();
    expect(r.used).toEqual([]);
    expect(r.reason).toBe(
      '1 of 3 sources fresh, 2 needed: okx stale (30 s old), coinbase missing (no price yet)',
    );
  });

  it('suspends when two sources disagree beyond the band (neither is trusted)', () => {
    const r = indexPrice([q('binance', 100), q('okx', 105)], NOW, RULES);
    expect(r.price).toBeNull();
    expect(r.states.get('binance')).toBe('deviating');
    expect(r.states.get('okx')).toBe('deviating');
    expect(r.reason).toMatch(/^0 of 2 sources fresh, 2 needed: binance deviating/);
  });

  it('with a minimum of one, one fresh source is enough', () => {
    const r = indexPrice([q('binance', 100), q('okx', 100, 60_000)], NOW, {
      ...RULES,
      minSources: 1,
    });
    expect(r.price).toBe(units(100));
  });

  const quoteArb = fc.record({
    price: fc.integer({ min: 9_000, max: 11_000 }),
    age: fc.integer({ min: 0, max: 20_000 }),
    present: fc.boolean(),
  });

  it('never answers a price from a stale source, nor from fewer sources than the minimum', () => {
    fc.assert(
      fc.property(
        fc.array(quoteArb, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 1_000 }),
        (arbs, minSources, bandBps) => {
          const quotes = arbs.map((a, i) => ({
            name: `s${i}`,
            quote: a.present
              ? { name: `s${i}`, price: BigInt(a.price) * 10n ** 6n, time: NOW - a.age }
              : undefined,
          }));
          const rules = { staleMs: 10_000, bandBps, minSources };
          const r = indexPrice(quotes, NOW, rules);
          for (const u of r.used) expect(NOW - u.time).toBeLessThanOrEqual(rules.staleMs);
          if (r.price === null) {
            expect(r.reason).toMatch(/needed/);
          } else {
            expect(r.used.length).toBeGreaterThanOrEqual(minSources);
            expect(r.price).toBe(median(r.used.map((u) => u.price)));
            expect(r.reason).toBeNull();
          }
          // Every source has exactly one state, and only the used ones are fresh.
          expect(r.states.size).toBe(quotes.length);
          const fresh = [...r.states].filter(([, s]) => s === 'fresh').map(([n]) => n);
          if (r.price !== null) expect(fresh).toEqual(r.used.map((u) => u.name));
        },
      ),
    );
  });

  it('a used source lies within the band of the fresh median (of the other one, of two)', () => {
    fc.assert(
      fc.property(fc.array(quoteArb, { minLength: 2, maxLength: 6 }), (arbs) => {
        const quotes = arbs.map((a, i) => ({
          name: `s${i}`,
          quote: {
            name: `s${i}`,
            price: BigInt(a.price) * 10n ** 6n,
            time: NOW - (a.age % 10_000),
          },
        }));
        const r = indexPrice(quotes, NOW, { ...RULES, minSources: 1 });
        const all = quotes.map((x) => x.quote.price);
        for (const u of r.used) {
          const others = quotes.filter((x) => x.name !== u.name).map((x) => x.quote.price);
          const reference = all.length >= 3 ? median(all) : median(others);
          expect(outsideBand(u.price, reference, RULES.bandBps)).toBe(false);
        }
      }),
    );
  });

  it('does not depend on the order of the sources (but for the order of `used`)', () => {
    fc.assert(
      fc.property(fc.array(quoteArb, { minLength: 1, maxLength: 5 }), (arbs) => {
        const quotes = arbs.map((a, i) => ({
          name: `s${i}`,
          quote: a.present
            ? { name: `s${i}`, price: BigInt(a.price) * 10n ** 6n, time: NOW - a.age }
            : undefined,
        }));
        const a = indexPrice(quotes, NOW, RULES);
        const b = indexPrice([...quotes].reverse(), NOW, RULES);
        expect(b.price).toBe(a.price);
        expect(new Map(b.states)).toEqual(new Map(a.states));
      }),
    );
  });
});
