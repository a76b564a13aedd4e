import { z } from 'zod';
import { defineCall } from '../call';
import { BANNER_TYPE, PUBLIC_CONFIG_KEYS } from '../constants';
import { intField } from '../fields';

export const banner = z.object({
  id: z.number().int(),
  bannerType: z.number().int(),
  title: z.string(),
  imageUrl: z.string(),
  /** An in-app route (#/pages/...) or an external https URL; empty for none. */
  link: z.string(),
});
export type Banner = z.output<typeof banner>;

export const appVersion = z.object({
  type: z.number().int(),
  version: z.string(),
  releasedAt: z.number().int(),
  notes: z.string(),
});

export const contentCalls = {
  getVsersion: defineCall({
    method: 'GET',
    path: '/api/getVsersion',
    area: 'content',
    auth: 'public',
    summary: 'app version (type 2 = the web app); the path keeps the spec spelling',
    input: z.object({ type: intField(1, 9).default(2) }),
    output: appVersion,
  }),
  findConfigByKey: defineCall({
    method: 'GET',
    path: '/api/findConfigByKey',
    area: 'content',
    auth: 'public',
    summary: 'a public configuration value by configKey',
    input: z.object({ configKey: z.enum(PUBLIC_CONFIG_KEYS, { error: 'notFound' }) }),
    output: z.object({ configKey: z.enum(PUBLIC_CONFIG_KEYS), configValue: z.string() }),
  }),
  findByBannerList: defineCall({
    method: 'GET',
    path: '/api/findByBannerList',
    area: 'content',
    auth: 'public',
    summary: 'banners (bannerType 1 home, 2 other)',
    input: z.object({
      bannerType: intField(BANNER_TYPE.home, BANNER_TYPE.other).default(BANNER_TYPE.home),
    }),
    output: z.array(banner),
  }),
} as const;
