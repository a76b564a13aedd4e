import { describe, expect, it } from 'vitest';
import { depthCurve } from './depth-curve';

describe('depthCurve', () => {
  it('adds the levels up away from the touch, both curves ascending by price', () => {
    const curve = depthCurve({
      bids: [
        ['99', '1'],
        ['98', '2'],
        ['97', '3'],
      ],
      asks: [
        ['101', '0.5'],
        ['102', '1.5'],
        ['103', '4'],
      ],
    });
    expect(curve.mid).toBe('100.00000000');
    expect(curve.bids).toEqual([
      { price: 97, total: 6 },
      { price: 98, total: 3 },
      { price: 99, total: 1 },
    ]);
    expect(curve.asks).toEqual([
      { price: 101, total: 0.5 },
      { price: 102, total: 2 },
      { price: 103, total: 6 },
    ]);
  });

  it('cuts the longer side to the same distance from the mid price', () => {
    const curve = depthCurve({
      bids: [
        ['99', '1'],
        ['90', '1'],
        ['80', '1'],
      ],
      asks: [
        ['101', '1'],
        ['105', '1'],
      ],
    });
    expect(curve.bids.map((p) => p.price)).toEqual([99]);
    expect(curve.asks.map((p) => p.price)).toEqual([101, 105]);
  });

  it('gives the mid price exactly, in wire decimals', () => {
    const curve = depthCurve({
      bids: [['0.10000000', '1']],
      asks: [['0.20000000', '1']],
    });
    // In floats, (0.1 + 0.2) / 2 is 0.15000000000000002.
    expect(curve.mid).toBe('0.15000000');
    expect(depthCurve({ bids: [['0.00000001', '1']], asks: [['0.00000002', '1']] }).mid).toBe(
      '0.00000001',
    );
  });

  it('sorts levels that arrive out of order and drops empty or unreadable ones', () => {
    const curve = depthCurve({
      bids: [
        ['98', '2'],
        ['99', '1'],
        ['x', '1'],
        ['97', '0'],
      ],
      asks: [],
    });
    expect(curve.mid).toBeNull();
    expect(curve.bids).toEqual([
      { price: 98, total: 3 },
      { price: 99, total: 1 },
    ]);
    expect(curve.asks).toEqual([]);
  });
});
