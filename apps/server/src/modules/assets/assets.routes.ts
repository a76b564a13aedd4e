import { assetsCalls } from '@tidemark/contract';
import { handle, type BoundCall } from '../../http/calls';
import type { RequestContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { profile } from '../user/user.service';
import * as assets from './assets.service';

/** The caller and the book they use now (demo or real: SPEC.md section 4, account mode). */
async function caller(ctx: RequestContext) {
  if (!ctx.user) throw new DomainError('notLoggedIn');
  const { mode } = await profile(ctx.app, ctx.user.id);
  return { userId: ctx.user.id, mode };
}

export const assetsRoutes: BoundCall[] = [
  handle(assetsCalls.findUserMoney, async (_input, ctx) => {
    const { userId, mode } = await caller(ctx);
    return assets.userMoney(ctx.app, userId, mode);
  }),
  handle(assetsCalls.transferUserMoney, async (input, ctx) => {
    const { userId, mode } = await caller(ctx);
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
    const { userId, mode } = await caller(ctx);
    return assets.accountChanges(ctx.app, userId, mode, input);
  }),
];
