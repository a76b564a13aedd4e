import { assetsCalls } from '@tidemark/contract';
import { handle, type BoundCall } from '../../http/calls';
import { callerBook } from '../user/user.service';
import * as assets from './assets.service';

export const assetsRoutes: BoundCall[] = [
  handle(assetsCalls.findUserMoney, async (_input, ctx) => {
    const { userId, mode } = callerBook(ctx);
    return assets.userMoney(ctx.app, userId, mode);
  }),
  handle(assetsCalls.transferUserMoney, async (input, ctx) => {
    const { userId, mode } = callerBook(ctx);
    return assets.transfer(
      ctx.app,
      {
        userId,
        mode,
        idempotencyKey: ctx.idempotencyKey,
        call: assetsCalls.transferUserMoney.path,
      },
      input,
    );
  }),
  handle(assetsCalls.selectUserAccountChange, async (input, ctx) => {
    const { userId, mode } = callerBook(ctx);
    return assets.accountChanges(ctx.app, userId, mode, input);
  }),
];
