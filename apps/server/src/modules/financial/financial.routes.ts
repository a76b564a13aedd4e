import { financialCalls as c } from '@tidemark/contract';
import { handle, type BoundCall } from '../../http/calls';
import { callerBook } from '../user/user.service';
import * as financial from './financial.service';

/** The trader's financial calls: contract schemas in, the service's rules, the envelope out. */
export const financialRoutes: BoundCall[] = [
  handle(c.findMoneyProduct, async (input, ctx) =>
    financial.listProducts(ctx.app, ctx.user?.mode ?? 'real', input.tier),
  ),
  handle(c.buyMoneyProduct, async (input, ctx) => {
    const { userId, mode } = callerBook(ctx);
    return financial.buy(ctx.app, {
      userId,
      book: mode,
      ...input,
      idempotencyKey: ctx.idempotencyKey,
      call: c.buyMoneyProduct.path,
    });
  }),
  handle(c.findUserMoneyProduct, async (input, ctx) => {
    const { userId, mode } = callerBook(ctx);
    return financial.orderList(ctx.app, userId, mode, input);
  }),
  handle(c.findUserMoneyOnly, async (input, ctx) =>
    financial.detail(ctx.app, callerBook(ctx).userId, input.orderId),
  ),
  handle(c.findMoneyProductReturn, async (input, ctx) =>
    financial.redeem(
      ctx.app,
      callerBook(ctx).userId,
      input.orderId,
      ctx.idempotencyKey,
      c.findMoneyProductReturn.path,
    ),
  ),
  handle(c.findUserMoneyProductProfit, async (input, ctx) => {
    const { userId, mode } = callerBook(ctx);
    return financial.profit(ctx.app, userId, mode, input.timeZone);
  }),
  handle(c.findMoneyProductDividends, async (input, ctx) => {
    const { userId, mode } = callerBook(ctx);
    return financial.dividends(ctx.app, userId, mode, input);
  }),
];
