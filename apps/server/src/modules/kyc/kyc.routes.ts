import { kycCalls } from '@tidemark/contract';
import { handle, type BoundCall } from '../../http/calls';
import { signedInUserId } from '../../http/context';
import * as kyc from './kyc.service';

export const kycRoutes: BoundCall[] = [
  handle(kycCalls.userPrimaryAuth, (input, ctx) =>
    kyc.submitPrimary(ctx.app, signedInUserId(ctx), input),
  ),
  handle(kycCalls.userIdentitySeniorAuth, (input, ctx) =>
    kyc.submitIdentity(ctx.app, signedInUserId(ctx), input),
  ),
  handle(kycCalls.userPassportSeniorAuth, (input, ctx) =>
    kyc.submitPassport(ctx.app, signedInUserId(ctx), input),
  ),
  handle(kycCalls.findUserAuth, (_input, ctx) => kyc.userAuth(ctx.app, signedInUserId(ctx))),
  handle(kycCalls.selectUserAuthInfo, (_input, ctx) =>
    kyc.userAuthInfo(ctx.app, signedInUserId(ctx)),
  ),
];
