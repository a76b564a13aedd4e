import { moneyCalls } from '@tidemark/contract';
import { handle, type BoundCall } from '../../http/calls';
import type { RequestContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import * as money from './money.service';

function userIdOf(ctx: RequestContext): number {
  if (!ctx.user) throw new DomainError('notLoggedIn');
  return ctx.user.id;
}

export const moneyRoutes: BoundCall[] = [
  handle(moneyCalls.insertUserRecharge, (input, ctx) =>
    money.requestDeposit(
      ctx.app,
      {
        userId: userIdOf(ctx),
        idempotencyKey: ctx.idempotencyKey,
        call: moneyCalls.insertUserRecharge.path,
      },
      input,
    ),
  ),
  handle(moneyCalls.insertUserWithdraw, (input, ctx) =>
    money.requestWithdrawal(
      ctx.app,
      {
        userId: userIdOf(ctx),
        idempotencyKey: ctx.idempotencyKey,
        call: moneyCalls.insertUserWithdraw.path,
      },
      input,
    ),
  ),
  handle(moneyCalls.findByUserRechargePage, (input, ctx) =>
    money.depositRecords(ctx.app, userIdOf(ctx), input),
  ),
  handle(moneyCalls.findByUserWithdrawPage, (input, ctx) =>
    money.withdrawalRecords(ctx.app, userIdOf(ctx), input),
  ),
  handle(moneyCalls.findWithdrawTerms, (input, ctx) =>
    money.withdrawTerms(ctx.app, userIdOf(ctx), input),
  ),
];
