import type { Kysely } from 'kysely';
import { columnType, type MigrationContext } from './helpers';

/**
 * Scale-out (NATS_URL set, on PostgreSQL): the rate limits of the sensitive calls (registration,
 * codes, password reset) counted once for every process, so a load balancer spreading a client
 * over three processes does not give it three times the limit. One row per limit and key (an
 * address or an account); `window_start` and `expires_at` are milliseconds of the database's
 * clock. The embedded mode counts in memory and never reads it.
 */
export function rateLimitCounters(context: MigrationContext) {
  const int = columnType(context.dialect, 'int');
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('rate_limit_counters')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', int, (c) => c.notNull())
        .addColumn('window_start', int, (c) => c.notNull())
        .addColumn('expires_at', int, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('rate_limit_counters_expires')
        .on('rate_limit_counters')
        .column('expires_at')
        .execute();
    },
  };
}
