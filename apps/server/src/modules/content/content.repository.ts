import type { Executor } from '../../db/database';
import type { ContentItemRow, NewSiteMailRow, SiteMailRow } from './content.table';

export function findConfig(db: Executor, key: string) {
  return db.selectFrom('app_config').selectAll().where('key', '=', key).executeTakeFirst();
}

// --- site mail -----------------------------------------------------------------------------------

export async function userLanguage(db: Executor, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('user_languages')
    .select('lang')
    .where('user_id', '=', BigInt(userId))
    .executeTakeFirst();
  return row?.lang;
}

export async function saveUserLanguage(
  db: Executor,
  userId: number,
  lang: string,
  now: bigint,
): Promise<void> {
  await db
    .insertInto('user_languages')
    .values({ user_id: BigInt(userId), lang, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ lang, updated_at: now }))
    .execute();
}

export async function insertMail(db: Executor, row: NewSiteMailRow): Promise<number> {
  const inserted = await db
    .insertInto('site_mails')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function unreadCount(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('site_mails')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', BigInt(userId))
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function mailPage(
  db: Executor,
  userId: number,
  query: { page: number; pageSize: number },
): Promise<{ rows: SiteMailRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('site_mails')
      .selectAll()
      .where('user_id', '=', BigInt(userId))
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    db
      .selectFrom('site_mails')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', BigInt(userId))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findMail(db: Executor, userId: number, id: number) {
  return db
    .selectFrom('site_mails')
    .selectAll()
    .where('id', '=', BigInt(id))
    .where('user_id', '=', BigInt(userId))
    .executeTakeFirst();
}

export function markRead(db: Executor, userId: number, id: number, now: bigint) {
  return db
    .updateTable('site_mails')
    .set({ read_at: now })
    .where('id', '=', BigInt(id))
    .where('user_id', '=', BigInt(userId))
    .where('read_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

// --- announcements, help questions, academy lessons ----------------------------------------------

export const ITEM_TABLES = {
  announcement: { table: 'announcements', texts: 'announcement_texts', owner: 'announcement_id' },
  help: { table: 'help_questions', texts: 'help_question_texts', owner: 'question_id' },
  academy: { table: 'academy_lessons', texts: 'academy_lesson_texts', owner: 'lesson_id' },
} as const;
export type ItemKind = keyof typeof ITEM_TABLES;

export interface ItemText {
  owner: bigint;
  lang: string;
  title: string;
  body: string;
}

/** Items of a kind (academy rows carry poster and video), ordered for the trader's list. */
export async function items(
  db: Executor,
  kind: ItemKind,
  options: { publishedOnly: boolean; limit?: number; offset?: number; id?: number },
): Promise<(ContentItemRow & { poster_url?: string; video_url?: string })[]> {
  const { table } = ITEM_TABLES[kind];
  let query = db.selectFrom(table).selectAll();
  if (options.publishedOnly) query = query.where('published', '=', 1n);
  if (options.id !== undefined) query = query.where('id', '=', BigInt(options.id));
  query =
    kind === 'announcement'
      ? query.orderBy('published_at', 'desc').orderBy('id', 'desc')
      : query.orderBy('sort').orderBy('id');
  if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
  return (await query.execute()) as (ContentItemRow & {
    poster_url?: string;
    video_url?: string;
  })[];
}

export async function itemCount(
  db: Executor,
  kind: ItemKind,
  publishedOnly: boolean,
): Promise<number> {
  let query = db.selectFrom(ITEM_TABLES[kind].table).select((eb) => eb.fn.countAll().as('n'));
  if (publishedOnly) query = query.where('published', '=', 1n);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** The texts of some items, in the given languages (all when langs is undefined). */
export async function itemTexts(
  db: Executor,
  kind: ItemKind,
  ids: readonly bigint[],
  langs?: readonly string[],
): Promise<ItemText[]> {
  if (ids.length === 0) return [];
  const { texts, owner } = ITEM_TABLES[kind];
  let query = db
    .selectFrom(texts)
    .select([`${owner} as owner`, 'lang', 'title', 'body'] as never[])
    .where(owner as never, 'in', ids as never);
  if (langs) query = query.where('lang', 'in', langs as string[]);
  return (await query.execute()) as unknown as ItemText[];
}

export async function insertItem(
  db: Executor,
  kind: ItemKind,
  row: { sort: bigint; now: bigint; poster_url: string; video_url: string },
): Promise<bigint> {
  const base = { sort: row.sort, published: 0n, created_at: row.now, updated_at: row.now };
  const values =
    kind === 'academy' ? { ...base, poster_url: row.poster_url, video_url: row.video_url } : base;
  const inserted = await db
    .insertInto(ITEM_TABLES[kind].table)
    .values(values as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateItem(
  db: Executor,
  kind: ItemKind,
  id: bigint,
  set: {
    sort?: bigint;
    poster_url?: string;
    video_url?: string;
    published?: bigint;
    published_at?: bigint | null;
    updated_at: bigint;
  },
): Promise<void> {
  const values = kind === 'academy' ? set : { ...set, poster_url: undefined, video_url: undefined };
  const clean = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  await db
    .updateTable(ITEM_TABLES[kind].table)
    .set(clean as never)
    .where('id', '=', id)
    .execute();
}

export async function replaceItemTexts(
  db: Executor,
  kind: ItemKind,
  id: bigint,
  rows: readonly { lang: string; title: string; body: string }[],
): Promise<void> {
  const { texts, owner } = ITEM_TABLES[kind];
  await db
    .deleteFrom(texts)
    .where(owner as never, '=', id as never)
    .execute();
  if (rows.length === 0) return;
  await db
    .insertInto(texts)
    .values(rows.map((r) => ({ [owner]: id, lang: r.lang, title: r.title, body: r.body })) as never)
    .execute();
}

/** Which kind an id belongs to is the caller's; this finds an item of a kind by id. */
export async function findItem(db: Executor, kind: ItemKind, id: number) {
  const [row] = await items(db, kind, { publishedOnly: false, id });
  return row;
}

// --- banners and media -----------------------------------------------------------------------------

export function bannersFor(db: Executor, bannerType: number, langs: readonly string[]) {
  return db
    .selectFrom('banners')
    .selectAll()
    .where('banner_type', '=', BigInt(bannerType))
    .where('active', '=', 1n)
    .where('lang', 'in', langs as string[])
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function allBanners(db: Executor) {
  return db
    .selectFrom('banners')
    .selectAll()
    .orderBy('banner_type')
    .orderBy('lang')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function findMedia(db: Executor, fileName: string) {
  return db
    .selectFrom('content_videos')
    .selectAll()
    .where('file_name', '=', fileName)
    .executeTakeFirst();
}
