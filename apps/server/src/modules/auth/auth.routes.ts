import { authCalls } from '@tidemark/contract';
import { handle, type BoundCall } from '../../http/calls';
import { resetPassword } from '../user/user.service';
import { phoneTarget, sendCode } from './code.service';

export const authRoutes: BoundCall[] = [
  handle(authCalls.sendMailValidCode, (input, ctx) =>
    sendCode(ctx.app, { channel: 'email', email: input.email }, input, ctx.ip),
  ),
  handle(authCalls.sendValidCode, async (input, ctx) =>
    sendCode(ctx.app, await phoneTarget(input.areaCode, input.phone), input, ctx.ip),
  ),
  handle(authCalls.forgetUserPassword, async (input, ctx) => {
    await resetPassword(ctx.app, input, ctx.ip);
    return null;
  }),
];
