import { marketCalls, spotCalls, type SpotSide } from '@tidemark/contract';
import { handle, type BoundCall } from '../../http/calls';
import { signedInUserId, type RequestContext } from '../../http/context';
import { callerBook } from '../user/user.service';
import * as spot from './spot.service';

function placer(
  side: SpotSide,
  call: typeof spotCalls.insertCoinOrder | typeof spotCalls.sellCoinOrder,
) {
  return handle(call, async (input, ctx) => {
    const { userId, mode } = callerBook(ctx);
    return spot.exchangeOf(ctx.app).place({
      userId,
      book: mode,
      symbol: input.symbol,
      side,
      type: input.type,
      price: input.price,
      quantity: input.quantity,
      amount: 'amount' in input ? (input.amount as string | undefined) : undefined,
      idempotencyKey: ctx.idempotencyKey,
      call: call.path,
    });
  });
}

function canceller(
  side: SpotSide,
  call: typeof spotCalls.cancelBuyOrder | typeof spotCalls.cancelSellOrder,
) {
  return handle(call, async (input, ctx) => {
    await spot.exchangeOf(ctx.app).cancel(signedInUserId(ctx), input.orderId, side);
    return { orderId: input.orderId, status: 'closed' as const, phase: 'cancelled' as const };
  });
}

export const spotRoutes: BoundCall[] = [
  placer('buy', spotCalls.insertCoinOrder),
  placer('sell', spotCalls.sellCoinOrder),
  canceller('buy', spotCalls.cancelBuyOrder),
  canceller('sell', spotCalls.cancelSellOrder),
  handle(spotCalls.findCoinOrderPage, async (input, ctx) => {
    const { userId, mode } = callerBook(ctx);
    return spot.orderPage(ctx.app, userId, mode, input);
  }),
  handle(spotCalls.findUserMoney, async (input, ctx) => {
    const { userId, mode } = callerBook(ctx);
    return spot.pairBalances(ctx.app, userId, mode, input.symbol);
  }),
  handle(spotCalls.findByBProductConfig, async (input, ctx) => spot.config(ctx.app, input.symbol)),
];

/** The book a market-data caller sees: a signed-in user's own mode, the real book for visitors. */
async function viewedBook(ctx: RequestContext) {
  return ctx.user ? callerBook(ctx).mode : 'real';
}

/** The book and the tape come from the engine. */
export const spotMarketRoutes: BoundCall[] = [
  handle(marketCalls.getTrades, async (input, ctx) =>
    spot.exchangeOf(ctx.app).trades(await viewedBook(ctx), input.symbol, input.limit),
  ),
  handle(marketCalls.getEntrustData, async (input, ctx) =>
    spot.exchangeOf(ctx.app).depth(await viewedBook(ctx), input.symbol, input.depth),
  ),
];
