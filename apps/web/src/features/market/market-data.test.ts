import { QueryClient } from '@tanstack/react-query';
import type { Ticker, Trade } from '@tidemark/contract';
import { describe, expect, it } from 'vitest';
import { marketKeys } from './api/market-keys';
import { applyTickerFrame, mergeTickers } from './api/tickers';
import { prependTrades, TRADES_SHOWN } from './api/trades';
import { chartTime } from './components/chart/chart-data';
import { nextSort, rankTickers, searchTickers, sortTickers } from './ranking';

function ticker(symbol: string, price: string, change: string, quoteVolume = '0'): Ticker {
  const [base = '', quote = ''] = symbol.split('/');
  return {
    symbol,
    base,
    quote,
    price,
    open24h: price,
    high24h: price,
    low24h: price,
    change24h: change,
    volume24h: '1',
    quoteVolume24h: quoteVolume,
    time: 1,
    status: 'open',
    sources: 1,
  };
}

const list = [
  ticker('BTC/USDT', '64000', '1.20', '900000000'),
  ticker('ETH/USDT', '3100.5', '-2.50', '500000000'),
  ticker('SOL/USDT', '150', '7.75', '120000000'),
  ticker('DOGE/USDT', '0.1234', '-0.40', '80000000'),
];

describe('rankings and sorting', () => {
  it('ranks gainers, losers and volume', () => {
    const symbols = (r: Ticker[]) => r.map((t) => t.base);
    expect(symbols(rankTickers(list, 'gainers', 2))).toEqual(['SOL', 'BTC']);
    expect(symbols(rankTickers(list, 'losers', 2))).toEqual(['ETH', 'DOGE']);
    expect(symbols(rankTickers(list, 'volume', 3))).toEqual(['BTC', 'ETH', 'SOL']);
  });

  it('sorts by a column and cycles first order, reverse, none', () => {
    let sort = nextSort(null, 'price');
    expect(sortTickers(list, sort).map((t) => t.base)).toEqual(['BTC', 'ETH', 'SOL', 'DOGE']);
    sort = nextSort(sort, 'price');
    expect(sortTickers(list, sort).map((t) => t.base)).toEqual(['DOGE', 'SOL', 'ETH', 'BTC']);
    expect(nextSort(sort, 'price')).toBeNull();
    expect(nextSort(null, 'name')).toEqual({ key: 'name', direction: 'asc' });
    expect(sortTickers(list, nextSort(null, 'name')).map((t) => t.base)).toEqual([
      'BTC',
      'DOGE',
      'ETH',
      'SOL',
    ]);
  });

  it('searches by symbol, joined symbol and coin name', () => {
    const names: Record<string, string> = { 'SOL/USDT': 'Solana' };
    const find = (q: string) => searchTickers(list, q, (s) => names[s]).map((t) => t.base);
    expect(find('eth')).toEqual(['ETH']);
    expect(find('dogeusdt')).toEqual(['DOGE']);
    expect(find('sola')).toEqual(['SOL']);
    expect(find('  ')).toHaveLength(4);
  });
});

describe('live merging', () => {
  it('replaces the pairs a tickers frame carries and keeps the rest in order', () => {
    const moved = { ...ticker('ETH/USDT', '3200', '0.50'), time: 2 };
    const late = { ...ticker('BTC/USDT', '1', '0'), time: 0 };
    const merged = mergeTickers(list, [moved, late, ticker('NEW/USDT', '1', '0')]);
    expect(merged.map((t) => t.base)).toEqual(['BTC', 'ETH', 'SOL', 'DOGE', 'NEW']);
    expect(merged[1]!.price).toBe('3200');
    expect(merged[0]!.price).toBe('64000');
  });

  it('writes a frame into the cached list and into cached single tickers only', () => {
    const client = new QueryClient();
    client.setQueryData(marketKeys.tickers(), list);
    client.setQueryData(marketKeys.ticker('SOL/USDT'), list[2]);
    const frame = [
      { ...ticker('SOL/USDT', '151', '8.00'), time: 5 },
      { ...ticker('BTC/USDT', '64100', '1.30'), time: 5 },
    ];
    applyTickerFrame(client, frame);
    expect(client.getQueryData<Ticker[]>(marketKeys.tickers())![2]!.price).toBe('151');
    expect(client.getQueryData<Ticker>(marketKeys.ticker('SOL/USDT'))!.price).toBe('151');
    expect(client.getQueryData(marketKeys.ticker('BTC/USDT'))).toBeUndefined();
  });

  it('puts new trades in front, once, and keeps the newest 30', () => {
    const trade = (time: number, price = '1'): Trade => ({
      price,
      quantity: '0.5',
      side: 'buy',
      time,
      source: 'feed',
    });
    const known = Array.from({ length: TRADES_SHOWN }, (_, i) => trade(100 - i));
    const next = prependTrades(known, [trade(102), trade(101), trade(100)]);
    expect(next.map((t) => t.time).slice(0, 4)).toEqual([102, 101, 100, 99]);
    expect(next).toHaveLength(TRADES_SHOWN);
    expect(prependTrades(known, [trade(50)])[0]!.time).toBe(100);
  });
});

describe('chart time', () => {
  it('moves intraday candles to the local clock and keeps dates as they are', () => {
    const ms = Date.UTC(2026, 0, 15, 12, 0);
    const offset = new Date(ms).getTimezoneOffset() * 60;
    expect(chartTime(ms, '15min')).toBe(ms / 1000 - offset);
    expect(chartTime(ms, '1day')).toBe(ms / 1000);
  });
});
