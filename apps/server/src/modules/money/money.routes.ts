import { moneyCalls } from '@tidemark/contract';
import { handle, type BoundCall } from '../../http/calls';
import { signedInUserId } from '../../http/context';
import * as money from './money.service';

export const moneyRoutes: BoundCall[] = [
  handle(moneyCalls.insertUserRecharge, (input, ctx) =>
    money.requestDeposit(
      ctx.app,
      {
        userId: signedInUserId(ctx),
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
        userId: signedInUserId(ctx),
        idempotencyKey: ctx.idempotencyKey,
        call: moneyCalls.insertUserWithdraw.path,
      },
      input,
    ),
  ),
  handle(moneyCalls.findByUserRechargePage, (input, ctx) =>
    money.depositRecords(ctx.app, signedInUserId(ctx), input),
  ),
  handle(moneyCalls.findByUserWithdrawPage, (input, ctx) =>
    money.withdrawalRecords(ctx.app, signedInUserId(ctx), input),
  ),
  handle(moneyCalls.findWithdrawTerms, (input, ctx) =>
    money.withdrawTerms(ctx.app, signedInUserId(ctx), input),
  ),
];
