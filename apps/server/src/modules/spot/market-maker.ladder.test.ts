import { mulMoney, parseMoney } from '@tidemark/contract';
import { describe, expect, it } from 'vitest';
import { Random } from '../../market/random';
import { quoteLadder, type LadderConfig, type Quote } from './market-maker.ladder';
import type { ProductRules } from './spot.rules';

const btc: ProductRules = {
  symbol: 'BTC/USDT',
  base: 'BTC',
  quote: 'USDT',
  pricePrecision: 2,
  quantityPrecision: 5,
  minQuantity: parseMoney('0.00001'),
  minNotional: parseMoney('5'),
  makerFeeRate: parseMoney('0.001'),
  takerFeeRate: parseMoney('0.001'),
  tradingOpen: true,
};
const config: LadderConfig = { spreadBps: 8, layers: 12, stepBps: 4, layerUsdt: '2500' };
const reference = parseMoney('95000');
const plenty = { base: parseMoney('1000'), quote: parseMoney('100000000') };

const ladder = (seed: number, inventory = plenty) =>
  quoteLadder(btc, reference, inventory, config, new Random(seed, 101, 0, 0, Number(reference)));

/** One side, best first. */
const sideOf = (quotes: Quote[], side: 'buy' | 'sell') =>
  quotes
    .filter((q) => q.side === side)
    .sort((a, b) => (side === 'buy' ? Number(b.price - a.price) : Number(a.price - b.price)));

const value = (q: Quote) => mulMoney(q.quantity, q.price, 'down');
const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

describe("the market maker's ladder", () => {
  it('is the same for the same draw and differs for another', () => {
    expect(ladder(7)).toEqual(ladder(7));
    expect(ladder(8)).not.toEqual(ladder(7));
  });

  it('quotes every level on both sides, best bid below the reference and best ask above', () => {
    const quotes = ladder(1);
    const bids = sideOf(quotes, 'buy');
    const asks = sideOf(quotes, 'sell');
    expect(bids).toHaveLength(12);
    expect(asks).toHaveLength(12);
    // Half the 8 bp spread each side of the reference.
    expect(bids[0]!.price).toBe(parseMoney('94962.00'));
    expect(asks[0]!.price).toBe(parseMoney('95038.00'));
    // Each side is worth about 12 x 2,500 USDT, like an even ladder, so the inventory covers it.
    for (const side of [bids, asks]) {
      const worth = sum(side.map(value));
      expect(worth).toBeGreaterThan(parseMoney('29900'));
      expect(worth).toBeLessThanOrEqual(parseMoney('30100'));
    }
  });

  it('holds sizes that differ and grow away from the touch, on both sides', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      for (const side of ['buy', 'sell'] as const) {
        const levels = sideOf(ladder(seed), side);
        const sizes = levels.map((q) => q.quantity);
        // Not an even ladder: nearly every level has its own size.
        expect(new Set(sizes).size).toBeGreaterThanOrEqual(10);
        // Growing with distance: the far third holds well over twice the near third, and the
        // sizes rank with their distance (Spearman's rho over the 12 levels).
        const near = sum(levels.slice(0, 4).map(value));
        const far = sum(levels.slice(8).map(value));
        expect(far).toBeGreaterThan(near * 2n);
        expect(rankCorrelation(sizes.map(Number))).toBeGreaterThan(0.6);
      }
    }
  });

  it('spaces levels unevenly, never closer than a tick or further than twice the step', () => {
    const bids = sideOf(ladder(3), 'buy');
    const gaps = bids.slice(1).map((q, i) => bids[i]!.price - q.price);
    expect(new Set(gaps).size).toBeGreaterThanOrEqual(8);
    const step = (reference * 4n) / 10_000n;
    for (const gap of gaps) {
      expect(gap).toBeGreaterThan(0n);
      expect(gap).toBeLessThan(step * 2n);
    }
  });

  it('never offers more than its inventory', () => {
    const inventory = { base: parseMoney('0.1'), quote: parseMoney('5000') };
    const quotes = ladder(2, inventory);
    const bids = sideOf(quotes, 'buy');
    const asks = sideOf(quotes, 'sell');
    expect(sum(bids.map((q) => mulMoney(q.quantity, q.price, 'up')))).toBeLessThanOrEqual(
      inventory.quote,
    );
    expect(sum(asks.map((q) => q.quantity))).toBeLessThanOrEqual(inventory.base);
    // What it can cover it still quotes, from the touch outwards.
    expect(bids.length).toBeGreaterThan(0);
    expect(asks.length).toBeGreaterThan(0);
    expect(quoteLadder(btc, reference, { base: 0n, quote: 0n }, config, new Random(1))).toEqual([]);
  });
});

/** Spearman's rank correlation of a series with its position (sizes have no ties here). */
function rankCorrelation(values: number[]): number {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const rank = new Array<number>(values.length);
  order.forEach(([, i], r) => (rank[i] = r));
  const n = values.length;
  const d2 = rank.reduce((acc, r, i) => acc + (r - i) ** 2, 0);
  return 1 - (6 * d2) / (n * (n * n - 1));
}
