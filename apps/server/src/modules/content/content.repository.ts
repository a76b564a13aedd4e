import type { Executor } from '../../db/database';

export function findConfig(db: Executor, key: string) {
  return db.selectFrom('app_config').selectAll().where('key', '=', key).executeTakeFirst();
}

export async function upsertConfig(
  db: Executor,
  row: { key: string; value: string; isPublic: boolean; now: number },
): Promise<void> {
  const values = {
    key: row.key,
    value: row.value,
    is_public: row.isPublic ? 1n : 0n,
    updated_at: BigInt(row.now),
  };
  await db
    .insertInto('app_config')
    .values(values)
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ value: values.value, updated_at: values.updated_at }),
    )
    .execute();
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
