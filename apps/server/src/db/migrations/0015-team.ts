import type { Kysely } from 'kysely';
import { addId, columnType, type MigrationContext } from './helpers';

/**
 * Team and share link: rebates (one row per source and level, pending until released, each with
 * the rate and window it was recorded with), the trading results that make a day's net profit,
 * and the earnings moved out (transfers to the coin wallet and withdrawals).
 */
export function team({ dialect }: MigrationContext) {
  const int = columnType(dialect, 'int');
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await addId(db.schema.createTable('team_rebates'), dialect)
        .addColumn('user_id', int, (c) => c.notNull().references('users.id'))
        .addColumn('friend_id', int, (c) => c.notNull().references('users.id'))
        .addColumn('level', int, (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('source_ref', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('base', int, (c) => c.notNull())
        .addColumn('rate', int, (c) => c.notNull())
        .addColumn('amount', int, (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('source_day', 'text', (c) => c.notNull())
        .addColumn('due_from', int, (c) => c.notNull())
        .addColumn('due_to', int, (c) => c.notNull())
        .addColumn('window_start', 'text', (c) => c.notNull())
        .addColumn('window_end', 'text', (c) => c.notNull())
        .addColumn('time_zone', 'text', (c) => c.notNull())
        .addColumn('created_at', int, (c) => c.notNull())
        .addColumn('released_at', int)
        .addColumn('ledger_transaction_id', int)
        .addUniqueConstraint('team_rebates_source_level', ['source_ref', 'level'])
        .execute();
      await db.schema
        .createIndex('team_rebates_user')
        .on('team_rebates')
        .columns(['user_id', 'id'])
        .execute();
      await db.schema
        .createIndex('team_rebates_due')
        .on('team_rebates')
        .columns(['state', 'due_from'])
        .execute();
      await db.schema
        .createIndex('team_rebates_released')
        .on('team_rebates')
        .columns(['released_at'])
        .execute();

      await db.schema
        .createTable('team_trading_results')
        .addColumn('ref', 'text', (c) => c.primaryKey())
        .addColumn('user_id', int, (c) => c.notNull().references('users.id'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('pnl', int, (c) => c.notNull())
        .addColumn('at', int, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('team_trading_results_day')
        .on('team_trading_results')
        .columns(['day', 'user_id'])
        .execute();

      await addId(db.schema.createTable('team_payouts'), dialect)
        .addColumn('user_id', int, (c) => c.notNull().references('users.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('amount', int, (c) => c.notNull())
        .addColumn('withdrawal_id', int)
        .addColumn('ledger_transaction_id', int, (c) => c.notNull())
        .addColumn('created_at', int, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('team_payouts_user')
        .on('team_payouts')
        .columns(['user_id', 'currency'])
        .execute();
    },
  };
}
