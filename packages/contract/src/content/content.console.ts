import { LANGUAGE_CODES } from '@tidemark/i18n';
import * as z from 'zod/mini';
import { ACCOUNT_MODES, BANNER_TYPE } from '../constants';
import { defineConsoleCall, type OperatorRole } from '../console/console.call';
import { flag, recordId } from '../console/console.fields';
import { intParam, page, pageSize, requiredText } from '../fields';
import { pageOf } from '../money/money.schemas';

/**
 * The operator's content calls (ours, under /console/api): announcements, help-centre questions
 * and academy lessons written per language, banners, uploaded media (images re-encoded, MP4/WebM
 * videos), and site mail to one trader, a group or everyone. Every change is audited.
 */

const EDIT: readonly OperatorRole[] = ['admin', 'support'];
const READ: readonly OperatorRole[] = ['admin', 'reviewer', 'support'];

export const CONTENT_KINDS = ['announcement', 'help', 'academy'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** Longest body (Markdown) an operator may write. */
export const CONTENT_BODY_MAX = 20_000;

/** A link or a media path: an in-app route, a path on this server, or an https URL; '' none. */
export const CONTENT_LINK_PATTERN = /^(|#\/[\w/?=&.-]*|\/[\w/.-]*|https:\/\/[^\s"'<>]+)$/;

/* @__NO_SIDE_EFFECTS__ */
function link() {
  return z._default(
    z
      .string({ error: 'contentLinkInvalid' })
      .check(
        z.trim(),
        z.maxLength(500, { error: 'contentLinkInvalid' }),
        z.regex(CONTENT_LINK_PATTERN, { error: 'contentLinkInvalid' }),
      ),
    '',
  );
}

const contentText = /* @__PURE__ */ z.object({
  lang: z.enum(LANGUAGE_CODES, { error: 'invalidInput' }),
  title: requiredText(200),
  body: z
    .string({ error: 'requiredItems' })
    .check(z.trim(), z.maxLength(CONTENT_BODY_MAX, { error: 'invalidInput' })),
});

export const consoleContentItem = /* @__PURE__ */ z.object({
  id: z.number(),
  kind: z.enum(CONTENT_KINDS),
  published: z.boolean(),
  sort: z.number(),
  publishedAt: z.nullable(z.number()),
  updatedAt: z.number(),
  posterUrl: z.string(),
  videoUrl: z.string(),
  texts: z.array(z.object({ lang: z.string(), title: z.string(), body: z.string() })),
});
export type ConsoleContentItem = z.output<typeof consoleContentItem>;

export const consoleBanner = /* @__PURE__ */ z.object({
  id: z.number(),
  bannerType: z.number(),
  lang: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  link: z.string(),
  sort: z.number(),
  active: z.boolean(),
});
export type ConsoleBanner = z.output<typeof consoleBanner>;

export const listContentItems = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/content/items',
  roles: READ,
  summary: 'announcements, help questions or academy lessons (drafts too) with every language',
  input: z.object({
    kind: z.enum(CONTENT_KINDS, { error: 'invalidInput' }),
    page: page(),
    pageSize: pageSize(),
  }),
  output: pageOf(consoleContentItem),
});

export const saveContentItem = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/content/items',
  roles: EDIT,
  summary:
    'create (no id) or change an item: its texts per language (English required), order, and for lessons the poster and video',
  input: z.object({
    kind: z.enum(CONTENT_KINDS, { error: 'invalidInput' }),
    id: z.optional(recordId()),
    sort: z._default(intParam(0, 1_000_000), 0),
    posterUrl: link(),
    videoUrl: link(),
    texts: z.array(contentText).check(z.minLength(1, { error: 'contentEnglishRequired' })),
  }),
  output: consoleContentItem,
  audited: true,
});

export const publishContentItem = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/content/items/:id/publish',
  roles: EDIT,
  summary: 'publish or unpublish an item',
  input: z.object({
    kind: z.enum(CONTENT_KINDS, { error: 'invalidInput' }),
    id: recordId(),
    published: flag(),
  }),
  output: consoleContentItem,
  audited: true,
});

export const listContentBanners = /* @__PURE__ */ defineConsoleCall({
  method: 'GET',
  path: '/console/api/content/banners',
  roles: READ,
  summary: 'every banner, active or not',
  input: z.object({}),
  output: z.array(consoleBanner),
});

export const saveContentBanner = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/content/banners',
  roles: EDIT,
  summary:
    "create (no id) or change a banner: type, language ('' every), image, link, order, active",
  input: z.object({
    id: z.optional(recordId()),
    bannerType: intParam(BANNER_TYPE.home, BANNER_TYPE.other),
    lang: z._default(z.enum(['', ...LANGUAGE_CODES], { error: 'invalidInput' }), ''),
    title: requiredText(200),
    imageUrl: link().check(z.minLength(1, { error: 'requiredItems' })),
    link: link(),
    sort: z._default(intParam(0, 1_000_000), 0),
    active: z._default(flag(), true),
  }),
  output: z.array(consoleBanner),
  audited: true,
});

export const uploadContentMedia = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/content/media',
  roles: EDIT,
  summary:
    'store an image (re-encoded as JPEG) or an MP4/WebM video for content; answers its public URL',
  input: z.object({
    file: z.custom<Blob | Uint8Array>(
      (v) => v instanceof Uint8Array || (typeof Blob !== 'undefined' && v instanceof Blob),
      { error: 'requiredItems' },
    ),
  }),
  output: z.object({ url: z.string(), mime: z.string(), size: z.number() }),
  audited: true,
});

export const MAIL_AUDIENCES = ['user', 'group', 'all'] as const;

export const sendSiteMail = /* @__PURE__ */ defineConsoleCall({
  method: 'POST',
  path: '/console/api/content/mail',
  roles: EDIT,
  summary:
    'site mail to one trader (userId), a group (verifyLevel, mode, registered since) or everyone; answers how many got it',
  input: z.object({
    audience: z.enum(MAIL_AUDIENCES, { error: 'invalidInput' }),
    userId: z.optional(recordId()),
    verifyLevel: z.optional(intParam(0, 2)),
    mode: z.optional(z.enum(ACCOUNT_MODES, { error: 'invalidInput' })),
    registeredFrom: z.optional(intParam(0)),
    title: requiredText(200),
    body: z
      .string({ error: 'requiredItems' })
      .check(
        z.trim(),
        z.minLength(1, { error: 'requiredItems' }),
        z.maxLength(CONTENT_BODY_MAX, { error: 'invalidInput' }),
      ),
  }),
  output: z.object({ sent: z.number() }),
  audited: true,
});
