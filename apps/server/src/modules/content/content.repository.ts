import type { Executor } from '../../db/database';
import type { NewSiteMailRow, SiteMailRow } from './content.table';

export function findConfig(db: Executor, key: string) {
  return db.selectFrom('app_config').selectAll().where('key', '=', key).executeTakeFirst();
}

export function activeBanners(db: Executor, bannerType: number) {
  return db
    .selectFrom('banners')
    .selectAll()
    .where('banner_type', '=', BigInt(bannerType))
    .where('active', '=', 1n)
    .orderBy('sort')
    .orderBy('id')
    .execute();
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
