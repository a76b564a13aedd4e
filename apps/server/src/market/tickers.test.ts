import { describe, expect, it } from 'vitest';
import { DAY, MINUTE, type Bar } from './candles';
import { prepareCoins } from './coins';
import { buildTicker, percentChange, Rolling24h } from './tickers';

const unit = 100_000_000n;

function minute(time: number, price: bigint, volume = unit): Bar {
  return { time, open: price, high: price, low: price, close: price, volume, quoteVolume: volume };
}

describe('percentChange', () => {
  it.each([
    [100n, 101n, '1.00'],
    [100n, 99n, '-1.00'],
    [100n, 100n, '0.00'],
    [80_000n, 80_001n, '0.00'],
    [80_000n, 79_999n, '0.00'],
    [80_000n, 80_004n, '0.01'],
    [3n, 4n, '33.33'],
    [3n, 5n, '66.67'],
    [3n, 1n, '-66.67'],
    [100n, 350n, '250.00'],
    [0n, 5n, '0.00'],
  ])('from %s to %s is %s %%', (open, last, text) => {
    expect(percentChange(open, last)).toBe(text);
  });
});

describe('Rolling24h and buildTicker', () => {
  const btc = prepareCoins()[0]!;
  const start = Date.UTC(2026, 10, 20);

  it('sums the last 24 hours: 1,439 closed minutes and the open one', () => {
    const window = new Rolling24h();
    // Two days of minutes priced by their index, so the window's bounds are easy to see.
    const count = 2 * 1440;
    for (let i = 0; i < count; i++) window.push(minute(start + i * MINUTE, BigInt(i + 1) * unit));
    const open = minute(start + count * MINUTE, 5n * unit, 2n * unit);
    const ticker = buildTicker(btc, window.closed(open.time), open, open.time + 1_000);
    expect(ticker).toEqual({
      symbol: 'BTC/USDT',
      base: 'BTC',
      quote: 'USDT',
      price: '5.00000000',
      open24h: `${count - 1439 + 1}.00000000`,
      high24h: `${count}.00000000`,
      low24h: '5.00000000',
      change24h: '-99.65',
      volume24h: '1441.00000000',
      quoteVolume24h: '1441.00000000',
      time: open.time + 1_000,
      status: 'open',
      sources: 1,
    });
  });

  it('leaves out minutes older than a day even when no minute closed since', () => {
    const window = new Rolling24h();
    window.push(minute(start, 7n * unit));
    const open = minute(start + DAY + MINUTE, 9n * unit, 0n);
    expect(window.closed(start + MINUTE)).toMatchObject({ open: 7n * unit });
    expect(window.closed(open.time)).toBeNull();
    expect(buildTicker(btc, null, open, open.time)).toMatchObject({
      open24h: '9.00000000',
      change24h: '0.00',
      volume24h: '0.00000000',
    });
  });
});
