import type { Generated, Selectable } from 'kysely';

export interface AppConfigTable {
  key: string;
  value: string;
  /** 1 when /api/findConfigByKey may answer it. */
  is_public: bigint;
  updated_at: bigint;
}

export interface BannerTable {
  id: Generated<bigint>;
  banner_type: bigint;
  title: string;
  image_url: string;
  link: string;
  sort: bigint;
  active: bigint;
  created_at: bigint;
}

export type AppConfigRow = Selectable<AppConfigTable>;
export type BannerRow = Selectable<BannerTable>;
