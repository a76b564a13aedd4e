import type { Executor } from '../../db/database';

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
