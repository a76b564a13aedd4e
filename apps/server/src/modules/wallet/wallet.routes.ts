import { walletCalls } from '@tidemark/contract';
import { handle, type BoundCall } from '../../http/calls';
import { signedInUserId } from '../../http/context';
import * as wallet from './wallet.service';

export const walletRoutes: BoundCall[] = [
  handle(walletCalls.findByWalletList, (_input, ctx) => wallet.walletCurrencies(ctx.app)),
  handle(walletCalls.getChain, (input, ctx) => wallet.chainsOf(ctx.app, input.currency)),
  handle(walletCalls.userBindingWallet, (input, ctx) =>
    wallet.bindWallet(ctx.app, signedInUserId(ctx), input),
  ),
  handle(walletCalls.userUpdateWallet, (input, ctx) =>
    wallet.updateWallet(ctx.app, signedInUserId(ctx), input.id, input),
  ),
  handle(walletCalls.selectUserWalletList, (input, ctx) =>
    wallet.listWallets(ctx.app, signedInUserId(ctx), input),
  ),
  handle(walletCalls.userDeleteWallet, (input, ctx) =>
    wallet.deleteWallet(ctx.app, signedInUserId(ctx), input.id),
  ),
  handle(walletCalls.findUserIdUserAddress, (input, ctx) =>
    wallet.listDepositAddresses(ctx.app, signedInUserId(ctx), input.currency),
  ),
  handle(walletCalls.insertUserAddress, (input, ctx) =>
    wallet.recordDepositAddress(ctx.app, signedInUserId(ctx), input),
  ),
];
