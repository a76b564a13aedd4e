import { LANGUAGE_CODES, type LanguageCode } from '@tidemark/i18n';
import * as z from 'zod/mini';

export const banner = /* @__PURE__ */ z.object({
  id: z.number(),
  bannerType: z.number(),
  title: z.string(),
  imageUrl: z.string(),
  /** An in-app route (#/pages/...) or an external https URL; empty for none. */
  link: z.string(),
});
export type Banner = z.output<typeof banner>;

/**
 * The kinds of system mail and the parameters each text takes (the texts are the packs'
 * `mailTemplates.<kind>.title` / `.body`, written in the trader's language):
 * - depositCredited {amount, currency}; depositRejected {amount, currency, reason}
 * - withdrawalCompleted {amount, currency}; withdrawalRejected {amount, currency, reason}
 * - verificationPassed {}; verificationFailed {reason}
 * - loanApproved {amount, currency}; loanRejected {amount, currency, reason}
 * - financialMatured {product, amount, interest, currency}
 */
export const SYSTEM_MAIL_KINDS = [
  'depositCredited',
  'depositRejected',
  'withdrawalCompleted',
  'withdrawalRejected',
  'verificationPassed',
  'verificationFailed',
  'loanApproved',
  'loanRejected',
  'financialMatured',
] as const;
export type SystemMailKind = (typeof SYSTEM_MAIL_KINDS)[number];

export interface SystemMailParams {
  depositCredited: { amount: string; currency: string };
  depositRejected: { amount: string; currency: string; reason: string };
  withdrawalCompleted: { amount: string; currency: string };
  withdrawalRejected: { amount: string; currency: string; reason: string };
  verificationPassed: Record<string, never>;
  verificationFailed: { reason: string };
  loanApproved: { amount: string; currency: string };
  loanRejected: { amount: string; currency: string; reason: string };
  financialMatured: { product: string; amount: string; interest: string; currency: string };
}

/** One site mail. The body is text in the safe Markdown subset (markdown.ts), never HTML. */
export const siteMail = /* @__PURE__ */ z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  at: z.number(),
  read: z.boolean(),
});
export type SiteMail = z.output<typeof siteMail>;

/** A content call's language: a pack code; English when absent or unknown. */
/* @__NO_SIDE_EFFECTS__ */
export function contentLang() {
  return z.catch(z._default(z.enum(LANGUAGE_CODES), 'en'), 'en' as LanguageCode);
}

export const announcementSummary = /* @__PURE__ */ z.object({
  id: z.number(),
  title: z.string(),
  /** The language the text is in (the asked one, or English when it has none). */
  lang: z.string(),
  publishedAt: z.number(),
});
export const announcement = /* @__PURE__ */ z.extend(announcementSummary, { body: z.string() });
export type Announcement = z.output<typeof announcement>;
export type AnnouncementSummary = z.output<typeof announcementSummary>;

export const helpQuestion = /* @__PURE__ */ z.object({
  id: z.number(),
  question: z.string(),
  /** Markdown (safe subset). */
  answer: z.string(),
  lang: z.string(),
});
export type HelpQuestion = z.output<typeof helpQuestion>;

export const academyLesson = /* @__PURE__ */ z.object({
  id: z.number(),
  title: z.string(),
  summary: z.string(),
  posterUrl: z.string(),
  /** An uploaded MP4/WebM (/api/content/videos/...) or an external https link; '' for none. */
  videoUrl: z.string(),
  lang: z.string(),
});
export type AcademyLesson = z.output<typeof academyLesson>;

/** The websocket's `user` channel tells the trader's app a mail arrived, with the unread count. */
export interface MailEvent {
  event: 'mail.new';
  unread: number;
}
