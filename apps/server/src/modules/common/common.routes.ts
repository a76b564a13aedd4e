import { commonCalls } from '@tidemark/contract';
import { handle, type BoundCall } from '../../http/calls';
import { drawCaptcha } from '../auth/captcha.service';
import { markOnline } from '../user/user.service';
import { countryList } from './common.service';

export const commonRoutes: BoundCall[] = [
  handle(commonCalls.findOnline, async (_input, ctx) => {
    if (ctx.user) await markOnline(ctx.app, ctx.user.id);
    return { serverTime: ctx.app.clock.now(), online: ctx.user !== null };
  }),
  // Crypto markets never close; the time zone is the one the platform's day (rebates, the 25th) uses.
  handle(commonCalls.findTimeTrade, async (_input, ctx) => ({
    serverTime: ctx.app.clock.now(),
    tradingOpen: true,
    timeZone: 'America/Los_Angeles',
  })),
  handle(commonCalls.getVerify, (input, ctx) => drawCaptcha(ctx.app, input.timestamp)),
  handle(commonCalls.findCountryCode, async () => countryList()),
];
