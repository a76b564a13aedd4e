import * as z from 'zod/mini';
import { defineCall } from '../call';
import { BANNER_TYPE, PUBLIC_CONFIG_KEYS } from '../constants';
import { intParam } from '../fields';
import { banner } from './content.schemas';

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
  }),
  output: z.array(banner),
});
