import { loanCalls as c } from '@tidemark/contract';
import { handle, type BoundCall } from '../../http/calls';
import { callerBook } from '../user/user.service';
import * as loan from './loan.service';

/** The trader's loan calls: contract schemas in, the service's rules, the envelope out. */
export const loanRoutes: BoundCall[] = [
  handle(c.insertLoanCurrencyOrder, async (input, ctx) =>
    loan.apply(
      ctx.app,
      {
        userId: callerBook(ctx).userId,
        idempotencyKey: ctx.idempotencyKey,
        call: c.insertLoanCurrencyOrder.path,
      },
      input,
    ),
  ),
  handle(c.findLoanCurrencyOrderPage, async (input, ctx) =>
    loan.loanPage(ctx.app, callerBook(ctx).userId, input),
  ),
  handle(c.findLoanProducts, async (_input, ctx) => loan.products(ctx.app)),
  handle(c.findCreditScore, async (input, ctx) =>
    loan.currentScore(ctx.app, callerBook(ctx).userId, input.refresh),
  ),
  handle(c.repayLoan, async (input, ctx) =>
    loan.repay(
      ctx.app,
      {
        userId: callerBook(ctx).userId,
        idempotencyKey: ctx.idempotencyKey,
        call: c.repayLoan.path,
      },
      input.loanId,
    ),
  ),
];
