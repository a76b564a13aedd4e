import type { Kysely } from 'kysely';
import type { MigrationContext } from './helpers';

/**
 * The failed-login log is read by address as well as by account: the trader login's per-address
 * limit and the console's count per address (ip, at). Rows past the longest window are purged as
 * new failures come in (captcha.service), which needs them by time (at).
 */
export function loginFailureIndexes(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('login_failures_ip')
        .on('login_failures')
        .columns(['ip', 'at'])
        .execute();
      await db.schema.createIndex('login_failures_at').on('login_failures').column('at').execute();
    },
  };
}
