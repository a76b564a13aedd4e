import type { Kysely } from 'kysely';
import { columnType, type MigrationContext } from './helpers';

/** Traders' favourite pairs: one row per trader and pair, so a star is set at most once. */
export function favourites({ dialect }: MigrationContext) {
  const int = columnType(dialect, 'int');
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('user_favourites')
        .addColumn('user_id', int, (c) => c.notNull().references('users.id'))
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('created_at', int, (c) => c.notNull())
        .addPrimaryKeyConstraint('user_favourites_pk', ['user_id', 'symbol'])
        .execute();
    },
  };
}
