import { assetsCalls, marketCalls } from '@tidemark/contract';
import { handle, type BoundCall } from '../../http/calls';
import * as market from './market.service';

export const marketRoutes: BoundCall[] = [
  handle(marketCalls.findCurrencyMoneyList, async (_input, ctx) => market.tickers(ctx.app)),
  handle(marketCalls.findCurrencyProductList, async (input, ctx) => [
    ...market.products(ctx.app, input.type),
  ]),
  handle(marketCalls.getTotalTrades, async (input, ctx) => market.ticker(ctx.app, input.symbol)),
  handle(marketCalls.findByBProductId, (input, ctx) => market.candles(ctx.app, input)),
  // The wallet's rates: the last closed minute (stable for a minute) and the latest tick.
  handle(assetsCalls.findWalletExchange, async (_input, ctx) => market.rates(ctx.app, 'minute')),
  handle(assetsCalls.findNewWalletExchange, async (_input, ctx) => market.rates(ctx.app, 'live')),
];
