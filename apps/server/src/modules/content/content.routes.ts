import { contentCalls } from '@tidemark/contract';
import { handle, type BoundCall } from '../../http/calls';
import { callerBook } from '../user/user.service';
import * as mail from './content.mail';
import * as content from './content.service';

export const contentRoutes: BoundCall[] = [
  handle(contentCalls.getVsersion, (input, ctx) => content.appVersion(ctx.app, input.type)),
  handle(contentCalls.findConfigByKey, async (input, ctx) => ({
    configKey: input.configKey,
    configValue: await content.publicConfig(ctx.app, input.configKey),
  })),
  handle(contentCalls.findByBannerList, (input, ctx) =>
    content.banners(ctx.app, input.bannerType, input.lang),
  ),
  handle(contentCalls.findAnnouncementList, (input, ctx) =>
    content.announcementList(ctx.app, input),
  ),
  handle(contentCalls.findAnnouncement, (input, ctx) =>
    content.announcement(ctx.app, input.id, input.lang),
  ),
  handle(contentCalls.findQuestionInfoList, (input, ctx) => content.helpQuestions(ctx.app, input)),
  handle(contentCalls.findNoviceCenterList, (input, ctx) => content.academyLessons(ctx.app, input)),
  handle(contentCalls.findUserMsgList, (input, ctx) =>
    mail.mailPage(ctx.app.db, callerBook(ctx).userId, input),
  ),
  handle(contentCalls.selectSiteMailByUserId, (input, ctx) =>
    mail.mailOrUnread(ctx.app, callerBook(ctx).userId, input.id),
  ),
  handle(contentCalls.setUserLanguage, (input, ctx) =>
    mail.setUserLanguage(ctx.app, callerBook(ctx).userId, input.lang),
  ),
];
