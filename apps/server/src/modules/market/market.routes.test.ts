import {
  assetsCalls,
  CANDLE_PERIODS,
  marketCalls,
  parseMoney,
  type CallDef,
  type Envelope,
  type Ticker,
} from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketEnd, bucketStart } from '../../market/candles';
import { startServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const SYMBOLS = [
  'BTC',
  'ETH',
  'BNB',
  'SOL',
  'XRP',
  'DOGE',
  'ADA',
  'TRX',
  'LTC',
  'DOT',
  'LINK',
  'AVAX',
];
const DECIMAL = /^\d+\.\d{8}$/;

const error = (code: string, status: string) => ({
  status,
  code,
  enMsg: expect.any(String),
  cnMsg: expect.any(String),
  data: null,
});
const NOT_FOUND = error('notFound', '404');
const INVALID = error('invalidInput', '400');
const REQUIRED = error('requiredItems', '400');

function callLoose(def: CallDef, input: object) {
  return server.call(def, input as never) as Promise<Envelope<unknown>>;
}

/** Waits for the feed's next ticks (250 ms apart). */
const ticks = (n: number) => new Promise((resolve) => setTimeout(resolve, n * 250 + 50));

function expectTicker(ticker: Ticker, base: string) {
  expect(ticker).toEqual({
    symbol: `${base}/USDT`,
    base,
    quote: 'USDT',
    price: expect.stringMatching(DECIMAL),
    open24h: expect.stringMatching(DECIMAL),
    high24h: expect.stringMatching(DECIMAL),
    low24h: expect.stringMatching(DECIMAL),
    change24h: expect.stringMatching(/^-?\d+\.\d{2}$/),
    volume24h: expect.stringMatching(DECIMAL),
    quoteVolume24h: expect.stringMatching(DECIMAL),
    time: expect.any(Number),
    // The embedded simulator: one source, always fresh.
    status: 'open',
    sources: 1,
  });
  const [price, high, low] = [ticker.price, ticker.high24h, ticker.low24h].map((v) =>
    parseMoney(v!),
  );
  expect(price).toBeGreaterThan(0n);
  expect(low).toBeLessThanOrEqual(price!);
  expect(high).toBeGreaterThanOrEqual(price!);
  expect(parseMoney(ticker.volume24h)).toBeGreaterThan(0n);
}

describe('findCurrencyMoneyList', () => {
  it('answers the tickers of all 12 pairs, in display order', async () => {
    const answer = await server.call(marketCalls.findCurrencyMoneyList, {});
    expect(answer).toMatchObject({ status: 1 });
    expect(answer.data.map((t) => t.base)).toEqual(SYMBOLS);
    answer.data.forEach((ticker, i) => expectTicker(ticker, SYMBOLS[i]!));
    expect(Math.abs(answer.data[0]!.time - server.clock.now())).toBeLessThan(5_000);
  });

  it('moves with the feed', async () => {
    const before = (await server.call(marketCalls.findCurrencyMoneyList, {})).data;
    await ticks(3);
    const after = (await server.call(marketCalls.findCurrencyMoneyList, {})).data;
    expect(after[0]!.time).toBeGreaterThan(before[0]!.time);
    expect(after.map((t) => t.price)).not.toEqual(before.map((t) => t.price));
  });
});

describe('findCurrencyProductList', () => {
  it('answers every product without a type', async () => {
    const answer = await server.call(marketCalls.findCurrencyProductList, {});
    expect(answer.data.map((p) => p.symbol)).toEqual(SYMBOLS.map((s) => `${s}/USDT`));
    expect(answer.data[0]).toEqual({
      id: 1,
      symbol: 'BTC/USDT',
      base: 'BTC',
      quote: 'USDT',
      name: 'Bitcoin',
      pricePrecision: 2,
      quantityPrecision: 5,
      tradingOpen: true,
      options: true,
      sort: 1,
    });
    expect(answer.data.find((p) => p.base === 'DOGE')).toMatchObject({
      name: 'Dogecoin',
      pricePrecision: 5,
    });
    expect(answer.data.every((p) => p.tradingOpen)).toBe(true);
  });

  it('answers the option delivery products for type 1', async () => {
    const answer = await server.call(marketCalls.findCurrencyProductList, { type: 1 });
    expect(answer.data.map((p) => p.base)).toEqual(['BTC', 'ETH', 'BNB', 'SOL', 'XRP', 'DOGE']);
  });

  it.each(['0', '2', 'x'])('refuses type %j', async (type) => {
    expect(await callLoose(marketCalls.findCurrencyProductList, { type })).toEqual(INVALID);
  });
});

describe('getTotalTrades', () => {
  it('answers the ticker of one symbol, in any case', async () => {
    const answer = await server.call(marketCalls.getTotalTrades, { symbol: 'eth/usdt' });
    expect(answer.status).toBe(1);
    expectTicker(answer.data, 'ETH');
  });

  it.each(['ABC/USDT', 'BTC/EUR', 'BTCUSDT', 'BTC/USDT/X'])(
    'answers the unknown symbol %j with notFound',
    async (symbol) => {
      expect(await callLoose(marketCalls.getTotalTrades, { symbol })).toEqual(NOT_FOUND);
    },
  );

  it('asks for a missing symbol', async () => {
    expect(await callLoose(marketCalls.getTotalTrades, {})).toEqual(REQUIRED);
  });
});

describe('findByBProductId', () => {
  it.each([...CANDLE_PERIODS])('answers %s candles oldest first, ending now', async (period) => {
    const answer = await server.call(marketCalls.findByBProductId, {
      symbol: 'BTC/USDT',
      period,
      limit: 50,
    });
    expect(answer.status).toBe(1);
    const candles = answer.data;
    expect(candles.length).toBeGreaterThan(1);
    expect(candles.length).toBeLessThanOrEqual(50);
    const now = server.clock.now();
    const last = candles.at(-1)!;
    expect(last.time).toBeLessThanOrEqual(now);
    expect(bucketEnd(period, last.time)).toBeGreaterThan(now - 1_000);
    for (let i = 1; i < candles.length; i++) {
      expect(candles[i]!.time).toBe(bucketEnd(period, candles[i - 1]!.time));
      expect(candles[i]!.open).toBe(candles[i - 1]!.close);
    }
    for (const c of candles) {
      expect(parseMoney(c.low)).toBeLessThanOrEqual(parseMoney(c.open));
      expect(parseMoney(c.high)).toBeGreaterThanOrEqual(parseMoney(c.close));
      expect(c.volume).toMatch(DECIMAL);
    }
  });

  it('answers 300 candles by default and years of months', async () => {
    const minutes = await server.call(marketCalls.findByBProductId, {
      symbol: 'SOL/USDT',
      period: '1min',
    });
    expect(minutes.data).toHaveLength(300);
    const months = await server.call(marketCalls.findByBProductId, {
      symbol: 'SOL/USDT',
      period: '1mon',
    });
    expect(months.data.length).toBeGreaterThanOrEqual(48);
  });

  it('answers the candles that ended by endTime', async () => {
    const endTime = bucketStart('1min', server.clock.now()) - 30 * 60_000 + 20_000;
    const answer = await server.call(marketCalls.findByBProductId, {
      symbol: 'BTC/USDT',
      period: '15min',
      limit: 4,
      endTime,
    });
    expect(answer.data).toHaveLength(4);
    const last = answer.data.at(-1)!;
    expect(last.time + 15 * 60_000).toBeLessThanOrEqual(endTime);
    expect(last.time + 30 * 60_000).toBeGreaterThan(endTime);
  });

  it('answers an unknown symbol with notFound', async () => {
    const input = { symbol: 'NOPE/USDT', period: '1min' };
    expect(await callLoose(marketCalls.findByBProductId, input)).toEqual(NOT_FOUND);
  });

  it.each([
    { period: '2min' },
    { period: '' },
    { period: '1min', limit: '0' },
    { period: '1min', limit: '1001' },
    { period: '1min', limit: 'ten' },
    { period: '1min', endTime: '-5' },
  ])('refuses %j with invalidInput', async (input) => {
    expect(await callLoose(marketCalls.findByBProductId, { symbol: 'BTC/USDT', ...input })).toEqual(
      INVALID,
    );
  });
});

describe('findWalletExchange and findNewWalletExchange', () => {
  it.each([
    ['findWalletExchange', assetsCalls.findWalletExchange],
    ['findNewWalletExchange', assetsCalls.findNewWalletExchange],
  ] as const)('%s answers USDT and every coin in USDT', async (_name, call) => {
    const answer = await server.call(call, {});
    expect(answer.status).toBe(1);
    expect(answer.data.map((r) => r.currency)).toEqual(['USDT', ...SYMBOLS]);
    expect(answer.data[0]).toEqual({
      currency: 'USDT',
      rate: '1.00000000',
      time: expect.any(Number),
    });
    for (const rate of answer.data) expect(parseMoney(rate.rate)).toBeGreaterThan(0n);
  });

  it('answers the latest tick for the new call and the last closed minute for the other', async () => {
    const [live, tickers, minute, candles] = [
      await server.call(assetsCalls.findNewWalletExchange, {}),
      await server.call(marketCalls.findCurrencyMoneyList, {}),
      await server.call(assetsCalls.findWalletExchange, {}),
      await server.call(marketCalls.findByBProductId, {
        symbol: 'ETH/USDT',
        period: '1min',
        limit: 2,
      }),
    ];
    const near = (a: string, b: string) => {
      const [x, y] = [parseMoney(a), parseMoney(b)];
      return (x > y ? x - y : y - x) * 100n <= y;
    };
    // A tick may fall between two calls: within 1 %.
    expect(near(live.data.find((r) => r.currency === 'BTC')!.rate, tickers.data[0]!.price!)).toBe(
      true,
    );
    const eth = minute.data.find((r) => r.currency === 'ETH')!;
    if (eth.time === candles.data.at(-1)!.time) expect(eth.rate).toBe(candles.data[0]!.close);
    expect(eth.time % 60_000).toBe(0);
  });
});

describe('websocket frames', () => {
  it('delivers tickers and the live BTC/USDT minute candle to a subscriber', async () => {
    const live = await server.subscribe(['tickers', 'candle.BTC/USDT.1min']);
    await live.next((f) => f.channel === 'tickers');
    await live.next((f) => f.channel === 'candle.BTC/USDT.1min');
    live.close();
    const { frames } = live;
    const tickers = frames.find((f) => f.channel === 'tickers')!.data as Ticker[];
    expect(tickers.map((t) => t.base)).toEqual(SYMBOLS);
    const candle = frames.find((f) => f.channel === 'candle.BTC/USDT.1min')!.data;
    expect(candle).toEqual({
      time: expect.any(Number),
      open: expect.stringMatching(DECIMAL),
      high: expect.stringMatching(DECIMAL),
      low: expect.stringMatching(DECIMAL),
      close: expect.stringMatching(DECIMAL),
      volume: expect.stringMatching(DECIMAL),
    });
    expect((candle as { time: number }).time % 60_000).toBe(0);
    // Nothing else was subscribed, so nothing else arrived.
    expect(new Set(frames.map((f) => f.channel))).toEqual(
      new Set(['tickers', 'candle.BTC/USDT.1min']),
    );
  });
});
