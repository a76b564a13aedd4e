import { optionsCalls as c, type OptionKind } from '@tidemark/contract';
import { handle, type BoundCall } from '../../http/calls';
import { callerBook } from '../user/user.service';
import * as options from './options.service';

/** Placing an order: instant or on the next period boundary, the same input, rules and answer. */
const placing = (
  call: typeof c.insertCurrencyOrder | typeof c.insertPeriodsOrder,
  kind: OptionKind,
) =>
  handle(call, async (input, ctx) => {
    const { userId, mode } = callerBook(ctx);
    return options.place(ctx.app, {
      userId,
      book: mode,
      kind,
      ...input,
      idempotencyKey: ctx.idempotencyKey,
      call: call.path,
    });
  });

/** The trader's option calls: contract schemas in, the service's rules, the envelope out. */
export const optionsRoutes: BoundCall[] = [
  placing(c.insertCurrencyOrder, 'instant'),
  placing(c.insertPeriodsOrder, 'period'),
  handle(c.insertOrderMoney, async (input, ctx) =>
    options.topUp(
      ctx.app,
      callerBook(ctx).userId,
      input,
      ctx.idempotencyKey,
      c.insertOrderMoney.path,
    ),
  ),
  handle(c.cancelPeriodsOrder, async (input, ctx) =>
    options.cancel(
      ctx.app,
      callerBook(ctx).userId,
      input.orderId,
      ctx.idempotencyKey,
      c.cancelPeriodsOrder.path,
    ),
  ),
  // Every option order of the book, both kinds (the periods call lists the period ones alone).
  handle(c.findUserOrderList, async (input, ctx) => {
    const { userId, mode } = callerBook(ctx);
    return options.orderList(ctx.app, userId, mode, undefined, input);
  }),
  handle(c.findUserPeriodsOrderList, async (input, ctx) => {
    const { userId, mode } = callerBook(ctx);
    return options.orderList(ctx.app, userId, mode, 'period', input);
  }),
  handle(c.findNowCurrencyOrder, async (input, ctx) => {
    const { userId, mode } = callerBook(ctx);
    return options.openList(ctx.app, userId, mode, undefined, input.symbol);
  }),
  handle(c.findNowPeriodsOrder, async (input, ctx) => {
    const { userId, mode } = callerBook(ctx);
    return options.openList(ctx.app, userId, mode, 'period', input.symbol);
  }),
  handle(c.findCurrencyOrderResult, async (input, ctx) =>
    options.result(ctx.app, callerBook(ctx).userId, input.orderId),
  ),
  handle(c.findH5ProductPeriodsPage, async (input, ctx) =>
    options.productPeriods(ctx.app, input.symbol),
  ),
  handle(c.findOptionTerms, async (_input, ctx) => options.terms(ctx.app)),
  handle(c.findSettlements, async (input, ctx) => options.settlements(ctx.app, input)),
  handle(c.findSettlement, async (input, ctx) => options.settlementDetail(ctx.app, input.seq)),
];
