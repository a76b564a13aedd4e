import { userCalls } from '@tidemark/contract';
import { handle, type BoundCall } from '../../http/calls';
import type { RequestContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { closeSession } from '../auth/session.service';
import * as users from './user.service';

/** The caller of a 'user' call; registerCalls has already refused anonymous requests. */
function caller(ctx: RequestContext) {
  if (!ctx.user) throw new DomainError('notLoggedIn');
  return ctx.user;
}

export const userRoutes: BoundCall[] = [
  handle(userCalls.register, async (input, ctx) => ({
    token: await users.register(ctx.app, input, ctx),
  })),
  handle(userCalls.login, async (input, ctx) => ({
    token: await users.login(ctx.app, input, ctx),
  })),
  handle(userCalls.logout, async (_input, ctx) => {
    await closeSession(ctx.app, caller(ctx).sessionId);
    return null;
  }),
  handle(userCalls.findUserInfo, (_input, ctx) => users.profile(ctx.app, caller(ctx).id)),
  handle(userCalls.updateUser, (input, ctx) => users.updateProfile(ctx.app, caller(ctx).id, input)),
  handle(userCalls.updateUserPassword, async (input, ctx) => {
    await users.changePassword(ctx.app, caller(ctx).id, input);
    return null;
  }),
  handle(userCalls.updatePayPwd, async (input, ctx) => {
    await users.setPayPassword(ctx.app, caller(ctx).id, input);
    return null;
  }),
  handle(userCalls.switchUser, async (input, ctx) => ({
    mode: await users.switchMode(ctx.app, caller(ctx).id, input.mode),
  })),
];
