import type { Kysely } from 'kysely';
import { addId, columnType, type MigrationContext } from './helpers';

/**
 * Site mail, the trader's language for system mail, and the operators' content: announcements,
 * help-centre questions and academy lessons (each with one text per language), uploaded lesson
 * videos, and a language for banners ('' = every language).
 */
export function contentPages({ dialect }: MigrationContext) {
  const int = columnType(dialect, 'int');
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('user_languages')
        .addColumn('user_id', int, (c) => c.primaryKey().references('users.id'))
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('updated_at', int, (c) => c.notNull())
        .execute();

      await addId(db.schema.createTable('site_mails'), dialect)
        .addColumn('user_id', int, (c) => c.notNull().references('users.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('sent_by', int)
        .addColumn('read_at', int)
        .addColumn('created_at', int, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('site_mails_user')
        .on('site_mails')
        .columns(['user_id', 'id'])
        .execute();
      await db.schema
        .createIndex('site_mails_user_unread')
        .on('site_mails')
        .columns(['user_id', 'read_at'])
        .execute();

      for (const [table, texts, owner] of [
        ['announcements', 'announcement_texts', 'announcement_id'],
        ['help_questions', 'help_question_texts', 'question_id'],
        ['academy_lessons', 'academy_lesson_texts', 'lesson_id'],
      ] as const) {
        let create = addId(db.schema.createTable(table), dialect)
          .addColumn('published', int, (c) => c.notNull().defaultTo(0))
          .addColumn('sort', int, (c) => c.notNull().defaultTo(0))
          .addColumn('published_at', int)
          .addColumn('created_at', int, (c) => c.notNull())
          .addColumn('updated_at', int, (c) => c.notNull());
        if (table === 'academy_lessons') {
          create = create
            .addColumn('poster_url', 'text', (c) => c.notNull().defaultTo(''))
            .addColumn('video_url', 'text', (c) => c.notNull().defaultTo(''));
        }
        await create.execute();
        await db.schema
          .createTable(texts)
          .addColumn(owner, int, (c) => c.notNull().references(`${table}.id`).onDelete('cascade'))
          .addColumn('lang', 'text', (c) => c.notNull())
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('body', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint(`${texts}_pk`, [owner, 'lang'])
          .execute();
      }

      await addId(db.schema.createTable('content_videos'), dialect)
        .addColumn('file_name', 'text', (c) => c.notNull().unique())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('size', int, (c) => c.notNull())
        .addColumn('uploaded_by', int)
        .addColumn('created_at', int, (c) => c.notNull())
        .execute();

      await db.schema
        .alterTable('banners')
        .addColumn('lang', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    },
  };
}
