import { supportCalls } from '@tidemark/contract';
import { handle, type BoundCall } from '../../http/calls';
import { signedInUserId } from '../../http/context';
import { serviceLink } from './support.link';
import * as support from './support.service';

export const supportRoutes: BoundCall[] = [
  handle(supportCalls.findMessageList, (input, ctx) =>
    support.messages(ctx.app, support.ownerOf(ctx, input.visitorId), input),
  ),
  handle(supportCalls.findUserReadCount, (input, ctx) =>
    support.unread(ctx.app, support.ownerOf(ctx, input.visitorId)),
  ),
  handle(supportCalls.updateUserRead, (input, ctx) =>
    support.markReadByUser(ctx.app, support.ownerOf(ctx, input.visitorId)),
  ),
  handle(supportCalls.insertMessage, (input, ctx) =>
    support.sendFromTrader(ctx.app, support.ownerOf(ctx, input.visitorId), input, ctx.ip),
  ),
  handle(supportCalls.findMessageImage, (input, ctx) =>
    support.messageImage(ctx.app, support.ownerOf(ctx, input.visitorId), input.id),
  ),
  handle(supportCalls.mergeVisitor, (input, ctx) =>
    support.mergeVisitor(ctx.app, signedInUserId(ctx), input.visitorId),
  ),
  handle(supportCalls.findServiceLink, (_input, ctx) => serviceLink(ctx.app)),
];
