import { describe, expect, it } from 'vitest';
import {
  coinCells,
  formatBand,
  formatDuration,
  freshCoins,
  lagLevel,
  suspendedSymbols,
  type FeedSource,
} from './market-health';

const source = (name: string, states: [string, 'fresh' | 'stale' | 'deviating'][]): FeedSource => ({
  name,
  connected: true,
  lastUpdate: 1_000,
  lagMs: 200,
  error: null,
  coins: states.map(([symbol, state]) => ({ symbol, state, price: '1.00000000', time: 1_000 })),
});

describe('market health', () => {
  it('grades a lag against the staleness limit', () => {
    expect(lagLevel(null, 10_000)).toBe('none');
    expect(lagLevel(0, 10_000)).toBe('ok');
    expect(lagLevel(5_000, 10_000)).toBe('ok');
    expect(lagLevel(5_001, 10_000)).toBe('late');
    expect(lagLevel(10_000, 10_000)).toBe('late');
    expect(lagLevel(10_001, 10_000)).toBe('stale');
  });

  it('counts a source’s fresh coins and lines up each coin’s state by source', () => {
    const binance = source('binance', [
      ['BTC/USDT', 'fresh'],
      ['ETH/USDT', 'deviating'],
    ]);
    const okx = source('okx', [['BTC/USDT', 'stale']]);
    expect(freshCoins(binance)).toBe(1);
    expect(freshCoins(okx)).toBe(0);
    expect(coinCells([binance, okx], 'ETH/USDT').map((c) => c.state)).toEqual([
      'deviating',
      'missing',
    ]);
    expect(coinCells([binance, okx], 'BTC/USDT').map((c) => c.state)).toEqual(['fresh', 'stale']);
  });

  it('names the suspended coins in order', () => {
    const coin = (symbol: string, status: 'open' | 'suspended') => ({
      symbol,
      status,
      sources: 0,
      reason: null,
      price: '1',
    });
    expect(
      suspendedSymbols([
        coin('BTC/USDT', 'open'),
        coin('SOL/USDT', 'suspended'),
        coin('ETH/USDT', 'suspended'),
      ]),
    ).toEqual(['SOL/USDT', 'ETH/USDT']);
  });

  it('writes durations in the largest fitting unit and bands as percentages', () => {
    expect(formatDuration(350, 'en')).toBe('350 ms');
    expect(formatDuration(4_240, 'en')).toBe('4.2 sec');
    expect(formatDuration(10_000, 'en')).toBe('10 sec');
    expect(formatDuration(185_000, 'en')).toBe('3 min');
    expect(formatDuration(7_300_000, 'en')).toBe('2 hr');
    expect(formatDuration(10_000, 'de')).toBe('10 Sek.');
    expect(formatBand(200, 'en')).toBe('2%');
    expect(formatBand(125, 'en')).toBe('1.25%');
  });
});
