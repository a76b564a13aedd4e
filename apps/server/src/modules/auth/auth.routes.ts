import { authCalls } from '@tidemark/contract';
import { handle, type BoundCall } from '../../http/calls';
import { resetPassword } from '../user/user.service';
import { sendCode } from './code.service';

export const authRoutes: BoundCall[] = [
  handle(authCalls.sendMailValidCode, (input, ctx) =>
    sendCode(ctx.app, { channel: 'email', email: input.email }, input.lang, ctx.ip),
  ),
  handle(authCalls.sendValidCode, (input, ctx) =>
    sendCode(
      ctx.app,
      { channel: 'sms', areaCode: input.areaCode, phone: input.phone },
      input.lang,
      ctx.ip,
    ),
  ),
  handle(authCalls.forgetUserPassword, async (input, ctx) => {
    await resetPassword(ctx.app, input);
    return null;
  }),
];
