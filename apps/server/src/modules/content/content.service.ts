import {
  markdownText,
  type AcademyLesson,
  type Announcement,
  type AnnouncementSummary,
  type Banner,
  type HelpQuestion,
  type PublicConfigKey,
} from '@tidemark/contract';
import { DEFAULT_LANGUAGE, type LanguageCode } from '@tidemark/i18n';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { APP_VERSION, BUILD_TIME } from '../../lib/version';
import * as repo from './content.repository';

export async function publicConfig(app: AppContext, key: PublicConfigKey): Promise<string> {
  const row = await repo.findConfig(app.db, key);
  if (!row || row.is_public !== 1n) throw new DomainError('notFound');
  return row.value;
}

/**
 * Banners of a type for a language: those written for it and those for every language (''); a
 * language with none of its own shows the English ones.
 */
export async function banners(
  app: AppContext,
  bannerType: number,
  lang: LanguageCode = DEFAULT_LANGUAGE,
): Promise<Banner[]> {
  const rows = await repo.bannersFor(app.db, bannerType, [lang, DEFAULT_LANGUAGE, '']);
  const own = rows.some((r) => r.lang === lang);
  const shown = own ? lang : DEFAULT_LANGUAGE;
  return rows
    .filter((row) => row.lang === '' || row.lang === shown)
    .map((row) => ({
      id: Number(row.id),
      bannerType: Number(row.banner_type),
      title: row.title,
      imageUrl: row.image_url,
      link: row.link,
    }));
}

export async function appVersion(app: AppContext, type: number) {
  const notes = await repo.findConfig(app.db, 'releaseNotes');
  return { type, version: APP_VERSION, releasedAt: BUILD_TIME, notes: notes?.value ?? '' };
}

// --- operators' content in the trader's language ---------------------------------------------------

/** Each item's text in lang, or in English where it has none (items with neither are left out). */
async function localised<T extends { id: bigint }>(
  app: AppContext,
  kind: repo.ItemKind,
  rows: readonly T[],
  lang: LanguageCode,
): Promise<{ row: T; text: repo.ItemText }[]> {
  const texts = await repo.itemTexts(
    app.db,
    kind,
    rows.map((r) => r.id),
    [lang, DEFAULT_LANGUAGE],
  );
  const out: { row: T; text: repo.ItemText }[] = [];
  for (const row of rows) {
    const text =
      texts.find((t) => t.owner === row.id && t.lang === lang) ??
      texts.find((t) => t.owner === row.id && t.lang === DEFAULT_LANGUAGE);
    if (text) out.push({ row, text });
  }
  return out;
}

export async function announcementList(
  app: AppContext,
  query: { lang: LanguageCode; page: number; pageSize: number },
): Promise<{ list: AnnouncementSummary[]; total: number; page: number; pageSize: number }> {
  const [rows, total] = await Promise.all([
    repo.items(app.db, 'announcement', {
      publishedOnly: true,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
    repo.itemCount(app.db, 'announcement', true),
  ]);
  const list = (await localised(app, 'announcement', rows, query.lang)).map(({ row, text }) => ({
    id: Number(row.id),
    title: text.title,
    lang: text.lang,
    publishedAt: Number(row.published_at ?? row.created_at),
  }));
  return { list, total, page: query.page, pageSize: query.pageSize };
}

export async function announcement(
  app: AppContext,
  id: number,
  lang: LanguageCode,
): Promise<Announcement> {
  const row = await repo.findItem(app.db, 'announcement', id);
  if (!row || row.published !== 1n) throw new DomainError('notFound');
  const [found] = await localised(app, 'announcement', [row], lang);
  if (!found) throw new DomainError('notFound');
  return {
    id,
    title: found.text.title,
    body: found.text.body,
    lang: found.text.lang,
    publishedAt: Number(row.published_at ?? row.created_at),
  };
}

/** Published questions in order; with a keyword, those whose question or answer contains it. */
export async function helpQuestions(
  app: AppContext,
  query: { lang: LanguageCode; keyword?: string | undefined },
): Promise<HelpQuestion[]> {
  const rows = await repo.items(app.db, 'help', { publishedOnly: true });
  const all = (await localised(app, 'help', rows, query.lang)).map(({ row, text }) => ({
    id: Number(row.id),
    question: text.title,
    answer: text.body,
    lang: text.lang,
  }));
  const keyword = query.keyword?.toLocaleLowerCase();
  if (!keyword) return all;
  return all.filter((q) =>
    `${q.question} ${markdownText(q.answer)}`.toLocaleLowerCase().includes(keyword),
  );
}

export async function academyLessons(
  app: AppContext,
  query: { lang: LanguageCode; page: number; pageSize: number },
): Promise<{ list: AcademyLesson[]; total: number; page: number; pageSize: number }> {
  const [rows, total] = await Promise.all([
    repo.items(app.db, 'academy', {
      publishedOnly: true,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
    repo.itemCount(app.db, 'academy', true),
  ]);
  const list = (await localised(app, 'academy', rows, query.lang)).map(({ row, text }) => ({
    id: Number(row.id),
    title: text.title,
    summary: text.body,
    posterUrl: row.poster_url ?? '',
    videoUrl: row.video_url ?? '',
    lang: text.lang,
  }));
  return { list, total, page: query.page, pageSize: query.pageSize };
}
