import * as z from 'zod/mini';
import { defineCall } from '../call';
import { BANNER_TYPE, PUBLIC_CONFIG_KEYS } from '../constants';
import { LANGUAGE_CODES } from '@tidemark/i18n';
import { intParam, optionalText, page, pageSize } from '../fields';
import { pageOf } from '../money/money.schemas';
import {
  academyLesson,
  announcement,
  announcementSummary,
  banner,
  contentLang,
  helpQuestion,
  siteMail,
} from './content.schemas';

export const getVsersion = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/api/getVsersion',
  area: 'content',
  auth: 'public',
  summary: 'app version (type 2 = the web app); the path keeps the spec spelling',
  input: z.object({ type: z._default(intParam(1, 9), 2) }),
  output: z.object({
    type: z.number(),
    version: z.string(),
    releasedAt: z.number(),
    notes: z.string(),
  }),
});

export const findConfigByKey = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/api/findConfigByKey',
  area: 'content',
  auth: 'public',
  summary: 'a public configuration value by configKey',
  input: z.object({ configKey: z.enum(PUBLIC_CONFIG_KEYS, { error: 'notFound' }) }),
  output: z.object({ configKey: z.enum(PUBLIC_CONFIG_KEYS), configValue: z.string() }),
});

export const findByBannerList = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/api/findByBannerList',
  area: 'content',
  auth: 'public',
  summary: 'banners (bannerType 1 home, 2 other)',
  input: z.object({
    bannerType: z._default(intParam(BANNER_TYPE.home, BANNER_TYPE.other), BANNER_TYPE.home),
    lang: contentLang(),
  }),
  output: z.array(banner),
});

// --- site mail (issue 16) ------------------------------------------------------------------------

export const findUserMsgList = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/userMsg/findUserMsgList',
  area: 'messages',
  auth: 'user',
  summary: "the caller's site mail, newest first, with read state",
  input: z.object({ page: page(), pageSize: pageSize() }),
  output: pageOf(siteMail),
});

export const selectSiteMailByUserId = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/api/selectSiteMailByUserId',
  area: 'messages',
  auth: 'user',
  summary: "with id: one of the caller's mails, marked read; without: {unread}",
  input: z.object({ id: z.optional(intParam(1)) }),
  output: z.union([siteMail, z.object({ unread: z.number() })]),
});

export const setUserLanguage = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/api/setUserLanguage',
  area: 'messages',
  auth: 'user',
  summary: "the app's language (a pack code), so system mail is written in it (ours)",
  input: z.object({ lang: z.enum(LANGUAGE_CODES, { error: 'invalidInput' }) }),
  output: z.object({ lang: z.string() }),
  ours: true,
});

// --- announcements, help centre, academy (issue 16) ----------------------------------------------

export const findAnnouncementList = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/api/announcements',
  area: 'content',
  auth: 'public',
  summary: 'published announcements, newest first, in lang (English where it has none)',
  input: z.object({ lang: contentLang(), page: page(), pageSize: pageSize() }),
  output: pageOf(announcementSummary),
  ours: true,
});

export const findAnnouncement = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/api/announcements/:id',
  area: 'content',
  auth: 'public',
  summary: 'one published announcement in lang (English where it has none)',
  input: z.object({ id: intParam(1), lang: contentLang() }),
  output: announcement,
  ours: true,
});

export const findQuestionInfoList = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/api/findQuestionInfoList',
  area: 'content',
  auth: 'public',
  summary: 'help centre questions and answers in lang, those containing keyword when given',
  input: z.object({ keyword: optionalText(100), lang: contentLang() }),
  output: z.array(helpQuestion),
});

export const findNoviceCenterList = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/novicecenter/findNoviceCenterList',
  area: 'content',
  auth: 'public',
  summary: 'growth academy lessons (title, summary, poster, video) in lang',
  input: z.object({ lang: contentLang(), page: page(), pageSize: pageSize() }),
  output: pageOf(academyLesson),
});
