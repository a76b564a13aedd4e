import { walletCalls } from '@tidemark/contract';
import { handle, type BoundCall } from '../../http/calls';
import type { RequestContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import * as wallet from './wallet.service';

function userIdOf(ctx: RequestContext): number {
  if (!ctx.user) throw new DomainError('notLoggedIn');
  return ctx.user.id;
}

export const walletRoutes: BoundCall[] = [
  handle(walletCalls.findByWalletList, (_input, ctx) => wallet.walletCurrencies(ctx.app)),
  handle(walletCalls.getChain, (input, ctx) => wallet.chainsOf(ctx.app, input.currency)),
  handle(walletCalls.userBindingWallet, (input, ctx) =>
    wallet.bindWallet(ctx.app, userIdOf(ctx), input),
  ),
  handle(walletCalls.userUpdateWallet, (input, ctx) =>
    wallet.updateWallet(ctx.app, userIdOf(ctx), input.id, input),
  ),
  handle(walletCalls.selectUserWalletList, (input, ctx) =>
    wallet.listWallets(ctx.app, userIdOf(ctx), input),
  ),
  handle(walletCalls.userDeleteWallet, (input, ctx) =>
    wallet.deleteWallet(ctx.app, userIdOf(ctx), input.id),
  ),
  handle(walletCalls.findUserIdUserAddress, (input, ctx) =>
    wallet.listDepositAddresses(ctx.app, userIdOf(ctx), input.currency),
  ),
  handle(walletCalls.insertUserAddress, (input, ctx) =>
    wallet.recordDepositAddress(ctx.app, userIdOf(ctx), input),
  ),
];
