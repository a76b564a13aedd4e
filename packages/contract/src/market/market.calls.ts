import * as z from 'zod/mini';
import { defineCall } from '../call';
import { CANDLE_PERIODS } from '../constants';
import { emptyInput, intParam, requiredText } from '../fields';
import { candle, depth, product, SYMBOL_PATTERN, ticker, trade } from './market.schemas';

/* @__NO_SIDE_EFFECTS__ */
function symbolField() {
  return requiredText(21).check(
    z.toUpperCase(),
    z.refine((v) => SYMBOL_PATTERN.test(v), { error: 'notFound' }),
  );
}

export const findCurrencyMoneyList = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/api/findCurrencyMoneyList',
  area: 'market',
  auth: 'public',
  summary: 'every pair with last price, 24 h change and volume (home and quotes)',
  input: emptyInput,
  output: z.array(ticker),
});

export const findCurrencyProductList = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/api/findCurrencyProductList',
  area: 'market',
  auth: 'public',
  summary: 'tradable products; type 1 answers the option delivery products only',
  input: z.object({ type: z.optional(intParam(1, 1)) }),
  output: z.array(product),
});

export const getTotalTrades = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/api/getTotalTrades',
  area: 'market',
  auth: 'public',
  summary: '24 h ticker of one symbol',
  input: z.object({ symbol: symbolField() }),
  output: ticker,
});

export const findByBProductId = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/api/findByBProductId',
  area: 'market',
  auth: 'public',
  summary: 'candles of a symbol for a period, oldest first, ending at endTime (default now)',
  input: z.object({
    symbol: symbolField(),
    period: z.enum(CANDLE_PERIODS, { error: 'invalidInput' }),
    limit: z._default(intParam(1, 1000), 300),
    endTime: z.optional(intParam(0, 8_640_000_000_000)),
  }),
  output: z.array(candle),
});

export const getTrades = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/api/getTrades',
  area: 'market',
  auth: 'public',
  summary: 'latest trades of a symbol, newest first (from the feed until the spot engine runs)',
  input: z.object({ symbol: symbolField(), limit: z._default(intParam(1, 100), 30) }),
  output: z.array(trade),
});

export const getEntrustData = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/api/getEntrustData',
  area: 'market',
  auth: 'public',
  summary: 'order book depth of a symbol, best first (from the feed until the spot engine runs)',
  input: z.object({ symbol: symbolField(), depth: z._default(intParam(1, 50), 20) }),
  output: depth,
});
