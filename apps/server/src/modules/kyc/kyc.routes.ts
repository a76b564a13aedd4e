import { kycCalls } from '@tidemark/contract';
import { handle, type BoundCall } from '../../http/calls';
import type { RequestContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import * as kyc from './kyc.service';

function userIdOf(ctx: RequestContext): number {
  if (!ctx.user) throw new DomainError('notLoggedIn');
  return ctx.user.id;
}

export const kycRoutes: BoundCall[] = [
  handle(kycCalls.userPrimaryAuth, (input, ctx) =>
    kyc.submitPrimary(ctx.app, userIdOf(ctx), input),
  ),
  handle(kycCalls.userIdentitySeniorAuth, (input, ctx) =>
    kyc.submitIdentity(ctx.app, userIdOf(ctx), input),
  ),
  handle(kycCalls.userPassportSeniorAuth, (input, ctx) =>
    kyc.submitPassport(ctx.app, userIdOf(ctx), input),
  ),
  handle(kycCalls.findUserAuth, (_input, ctx) => kyc.userAuth(ctx.app, userIdOf(ctx))),
  handle(kycCalls.selectUserAuthInfo, (_input, ctx) => kyc.userAuthInfo(ctx.app, userIdOf(ctx))),
];
