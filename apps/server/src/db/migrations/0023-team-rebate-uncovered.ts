import type { Kysely } from 'kysely';
import { columnType, type MigrationContext } from './helpers';

/**
 * A rebate is granted only up to the rebate budget's headroom when it is recorded: `uncovered`
 * keeps the part of the rate's rebate that was not granted (0 for every rebate before this).
 */
export function teamRebateUncovered({ dialect }: MigrationContext) {
  const int = columnType(dialect, 'int');
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('team_rebates')
        .addColumn('uncovered', int, (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('team_rebates').dropColumn('uncovered').execute();
    },
  };
}
