import type { Kysely } from 'kysely';
import { addId, columnType, type MigrationContext } from './helpers';

/** Users, sessions, verification codes, captchas, operators, configuration and banners. */
export function accounts({ dialect }: MigrationContext) {
  const int = columnType(dialect, 'int');
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await addId(db.schema.createTable('users'), dialect)
        .addColumn('email', 'text')
        .addColumn('phone', 'text')
        .addColumn('area_code', 'text')
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('pay_password_hash', 'text')
        .addColumn('nickname', 'text', (c) => c.notNull())
        .addColumn('invite_code', 'text', (c) => c.notNull().unique())
        .addColumn('inviter_id', int, (c) => c.references('users.id'))
        .addColumn('verify_level', int, (c) => c.notNull().defaultTo(0))
        .addColumn('member_tier', 'text', (c) => c.notNull().defaultTo('ordinary'))
        .addColumn('mode', 'text', (c) => c.notNull().defaultTo('demo'))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('created_at', int, (c) => c.notNull())
        .addColumn('updated_at', int, (c) => c.notNull())
        .addColumn('last_seen_at', int)
        .addUniqueConstraint('users_email_unique', ['email'])
        .addUniqueConstraint('users_phone_unique', ['area_code', 'phone'])
        .execute();
      await db.schema.createIndex('users_inviter').on('users').column('inviter_id').execute();

      await addId(db.schema.createTable('user_sessions'), dialect)
        .addColumn('user_id', int, (c) => c.notNull().references('users.id'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', int, (c) => c.notNull())
        .addColumn('expires_at', int, (c) => c.notNull())
        .addColumn('revoked_at', int)
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('user_sessions_user')
        .on('user_sessions')
        .column('user_id')
        .execute();

      await addId(db.schema.createTable('verification_codes'), dialect)
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', int, (c) => c.notNull())
        .addColumn('expires_at', int, (c) => c.notNull())
        .addColumn('attempts', int, (c) => c.notNull().defaultTo(0))
        .addColumn('consumed_at', int)
        .addColumn('ip', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('verification_codes_target')
        .on('verification_codes')
        .columns(['target', 'created_at'])
        .execute();

      await db.schema
        .createTable('captchas')
        .addColumn('challenge', 'text', (c) => c.primaryKey())
        .addColumn('answer_hash', 'text', (c) => c.notNull())
        .addColumn('expires_at', int, (c) => c.notNull())
        .execute();

      await addId(db.schema.createTable('login_failures'), dialect)
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('at', int, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_failures_account')
        .on('login_failures')
        .columns(['account', 'at'])
        .execute();

      await addId(db.schema.createTable('operators'), dialect)
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('totp_secret', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('created_at', int, (c) => c.notNull())
        .addColumn('last_login_at', int)
        .execute();

      await db.schema
        .createTable('app_config')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('is_public', int, (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', int, (c) => c.notNull())
        .execute();

      await addId(db.schema.createTable('banners'), dialect)
        .addColumn('banner_type', int, (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('image_url', 'text', (c) => c.notNull())
        .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('sort', int, (c) => c.notNull().defaultTo(0))
        .addColumn('active', int, (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', int, (c) => c.notNull())
        .execute();
    },
  };
}
