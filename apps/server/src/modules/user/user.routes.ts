import { userCalls } from '@tidemark/contract';
import { handle, type BoundCall } from '../../http/calls';
import { signedInUser } from '../../http/context';
import { closeSession } from '../auth/session.service';
import * as users from './user.service';

export const userRoutes: BoundCall[] = [
  handle(userCalls.register, async (input, ctx) => ({
    token: await users.register(ctx.app, input, ctx),
  })),
  handle(userCalls.login, async (input, ctx) => ({
    token: await users.login(ctx.app, input, ctx),
  })),
  handle(userCalls.logout, async (_input, ctx) => {
    await closeSession(ctx.app, signedInUser(ctx).sessionId);
    return null;
  }),
  handle(userCalls.findUserInfo, (_input, ctx) => users.profile(ctx.app, signedInUser(ctx).id)),
  handle(userCalls.updateUser, (input, ctx) =>
    users.updateProfile(ctx.app, signedInUser(ctx).id, input),
  ),
  handle(userCalls.updateUserPassword, async (input, ctx) => {
    await users.changePassword(ctx.app, signedInUser(ctx).id, input);
    return null;
  }),
  handle(userCalls.updatePayPwd, async (input, ctx) => {
    await users.setPayPassword(ctx.app, signedInUser(ctx).id, input);
    return null;
  }),
  handle(userCalls.switchUser, async (input, ctx) => ({
    mode: await users.switchMode(ctx.app, signedInUser(ctx).id, input.mode),
  })),
];
