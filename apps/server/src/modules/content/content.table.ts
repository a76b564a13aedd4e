import type { Generated, Insertable, Selectable } from 'kysely';

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
  /** A pack code, or '' for every language. */
  lang: Generated<string>;
}

/** The language the trader's app shows, told by the app; system mail is written in it. */
export interface UserLanguageTable {
  user_id: bigint;
  lang: string;
  updated_at: bigint;
}

export interface SiteMailTable {
  id: Generated<bigint>;
  user_id: bigint;
  /** A system mail's kind (SYSTEM_MAIL_KINDS) or 'operator'. */
  kind: string;
  title: string;
  body: string;
  /** The operator who wrote it; null for system mail. */
  sent_by: bigint | null;
  read_at: bigint | null;
  created_at: bigint;
}

/** Announcements, help questions and academy lessons share this shape; their texts per language. */
export interface ContentItemTable {
  id: Generated<bigint>;
  published: Generated<bigint>;
  sort: Generated<bigint>;
  published_at: bigint | null;
  created_at: bigint;
  updated_at: bigint;
}

export interface AcademyLessonTable extends ContentItemTable {
  poster_url: Generated<string>;
  /** /api/content/videos/<file> (uploaded) or an external https link; '' for none. */
  video_url: Generated<string>;
}

/** title + body: an announcement's title and Markdown, a question and its Markdown answer, a
 * lesson's title and summary. */
export interface AnnouncementTextTable {
  announcement_id: bigint;
  lang: string;
  title: string;
  body: string;
}
export interface HelpQuestionTextTable {
  question_id: bigint;
  lang: string;
  title: string;
  body: string;
}
export interface AcademyLessonTextTable {
  lesson_id: bigint;
  lang: string;
  title: string;
  body: string;
}

export interface ContentVideoTable {
  id: Generated<bigint>;
  file_name: string;
  mime: string;
  size: bigint;
  uploaded_by: bigint | null;
  created_at: bigint;
}

export type AppConfigRow = Selectable<AppConfigTable>;
export type BannerRow = Selectable<BannerTable>;
export type SiteMailRow = Selectable<SiteMailTable>;
export type NewSiteMailRow = Insertable<SiteMailTable>;
export type ContentItemRow = Selectable<ContentItemTable>;
export type AcademyLessonRow = Selectable<AcademyLessonTable>;
export type ContentVideoRow = Selectable<ContentVideoTable>;
