import { leverageCalls as c } from '@tidemark/contract';
import { handle, type BoundCall } from '../../http/calls';
import { callerBook } from '../user/user.service';
import * as leverage from './leverage.service';

/** The trader's leverage calls: contract schemas in, the service's rules, the envelope out. */
export const leverageRoutes: BoundCall[] = [
  handle(c.openContract, async (_input, ctx) =>
    leverage.openContract(ctx.app, callerBook(ctx).userId),
  ),
  handle(c.findContractStatus, async (_input, ctx) =>
    leverage.contractStatus(ctx.app, callerBook(ctx).userId),
  ),
  handle(c.backUserMultiple, async (_input, ctx) =>
    leverage.userMultiple(ctx.app, callerBook(ctx).userId),
  ),
  handle(c.findMemberTier, async (_input, ctx) =>
    leverage.memberTier(ctx.app, callerBook(ctx).userId),
  ),
  handle(c.findLeverageTerms, async (_input, ctx) => leverage.terms(ctx.app)),
  handle(c.insert, async (input, ctx) => {
    const { userId, mode } = callerBook(ctx);
    return leverage.insert(ctx.app, {
      userId,
      book: mode,
      ...input,
      idempotencyKey: ctx.idempotencyKey,
      call: c.insert.path,
    });
  }),
  handle(c.close, async (input, ctx) =>
    leverage.close(
      ctx.app,
      callerBook(ctx).userId,
      input.positionId,
      ctx.idempotencyKey,
      c.close.path,
    ),
  ),
  handle(c.updateTpSl, async (input, ctx) =>
    leverage.updateTpSl(
      ctx.app,
      callerBook(ctx).userId,
      input,
      ctx.idempotencyKey,
      c.updateTpSl.path,
    ),
  ),
  handle(c.addMargin, async (input, ctx) =>
    leverage.addMargin(
      ctx.app,
      callerBook(ctx).userId,
      input,
      ctx.idempotencyKey,
      c.addMargin.path,
    ),
  ),
  handle(c.findNowCurrencyOrder, async (input, ctx) => {
    const { userId, mode } = callerBook(ctx);
    return leverage.openList(ctx.app, userId, mode, input.symbol);
  }),
  handle(c.findUserOrderList, async (input, ctx) => {
    const { userId, mode } = callerBook(ctx);
    return leverage.positionList(ctx.app, userId, mode, input);
  }),
  handle(c.findContractOrderResult, async (input, ctx) =>
    leverage.result(ctx.app, callerBook(ctx).userId, input.positionId),
  ),
];
