import { teamCalls as c } from '@tidemark/contract';
import { handle, type BoundCall } from '../../http/calls';
import { signedInUserId } from '../../http/context';
import * as team from './team.service';

/** The trader's team calls: contract schemas in, the service's rules, the envelope out. */
export const teamRoutes: BoundCall[] = [
  handle(c.personAndProfit, (input, ctx) =>
    team.personAndProfit(ctx.app, signedInUserId(ctx), input.currency),
  ),
  handle(c.subReceivePage, (input, ctx) =>
    team.referralRecords(ctx.app, signedInUserId(ctx), input),
  ),
  handle(c.receiveRechargeAmount, (input, ctx) =>
    team.depositRebateTotal(ctx.app, signedInUserId(ctx), input.currency),
  ),
  handle(c.randomAmount, (_input, ctx) => team.recentReleases(ctx.app)),
  handle(c.subP1User, (input, ctx) => team.directFriends(ctx.app, signedInUserId(ctx), input)),
  handle(c.moneyTransfer, (input, ctx) =>
    team.transferEarnings(
      ctx.app,
      {
        userId: signedInUserId(ctx),
        idempotencyKey: ctx.idempotencyKey,
        call: c.moneyTransfer.path,
      },
      input,
    ),
  ),
  handle(c.withdrawCurrency, (input, ctx) =>
    team.withdrawEarnings(
      ctx.app,
      {
        userId: signedInUserId(ctx),
        idempotencyKey: ctx.idempotencyKey,
        call: c.withdrawCurrency.path,
      },
      input,
    ),
  ),
];
