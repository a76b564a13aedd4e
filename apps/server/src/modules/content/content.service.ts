import type { Banner, PublicConfigKey } from '@tidemark/contract';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { APP_VERSION, BUILD_TIME } from '../../lib/version';
import * as repo from './content.repository';

export async function publicConfig(app: AppContext, key: PublicConfigKey): Promise<string> {
  const row = await repo.findConfig(app.db, key);
  if (!row || row.is_public !== 1n) throw new DomainError('notFound');
  return row.value;
}

export async function banners(app: AppContext, bannerType: number): Promise<Banner[]> {
  const rows = await repo.activeBanners(app.db, bannerType);
  return rows.map((row) => ({
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
