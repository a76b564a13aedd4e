import type { Kysely } from 'kysely';
import { columnType, type MigrationContext } from './helpers';

/**
 * Scale-out (NATS_URL set, on PostgreSQL): one row per role that exactly one process may play at
 * a time (a job, the market feed). `token` is the fencing token, raised by every acquisition;
 * `expires_at` is in milliseconds of the database's clock, so processes whose clocks differ
 * agree on when a lease ran out. The embedded mode never reads it.
 */
export function clusterLeases(context: MigrationContext) {
  const int = columnType(context.dialect, 'int');
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('cluster_lease')
        .addColumn('role', 'text', (c) => c.primaryKey())
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('token', int, (c) => c.notNull())
        .addColumn('expires_at', int, (c) => c.notNull())
        .addColumn('acquired_at', int, (c) => c.notNull())
        .execute();
    },
  };
}
