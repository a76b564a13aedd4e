import { contentCalls } from '@tidemark/contract';
import { handle, type BoundCall } from '../../http/calls';
import * as content from './content.service';

export const contentRoutes: BoundCall[] = [
  handle(contentCalls.getVsersion, (input, ctx) => content.appVersion(ctx.app, input.type)),
  handle(contentCalls.findConfigByKey, async (input, ctx) => ({
    configKey: input.configKey,
    configValue: await content.publicConfig(ctx.app, input.configKey),
  })),
  handle(contentCalls.findByBannerList, (input, ctx) => content.banners(ctx.app, input.bannerType)),
];
