import { sql, type Kysely } from 'kysely';
import { addId, columnType, type MigrationContext } from './helpers';

/**
 * The leveraged contract: the terms of new positions and the member tiers, who opened the
 * contract, positions (each with its terms, entry and exit ticks and result), and the jobs'
 * cursor in the tick log.
 */
export function leverage({ dialect }: MigrationContext) {
  const int = columnType(dialect, 'int');
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('leverage_terms')
        .addColumn('id', int, (c) => c.primaryKey())
        .addColumn('lot_price', int, (c) => c.notNull())
        .addColumn('open_fee_rate', int, (c) => c.notNull())
        .addColumn('close_fee_rate', int, (c) => c.notNull())
        .addColumn('maintenance_rate', int, (c) => c.notNull())
        .addColumn('protection', int, (c) => c.notNull())
        .addColumn('updated_at', int, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('leverage_tiers')
        .addColumn('tier', 'text', (c) => c.primaryKey())
        .addColumn('rank', int, (c) => c.notNull())
        .addColumn('threshold', int, (c) => c.notNull())
        .addColumn('max_multiple', int, (c) => c.notNull())
        .addColumn('updated_at', int, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('leverage_accounts')
        .addColumn('user_id', int, (c) => c.primaryKey().references('users.id'))
        .addColumn('opened_at', int, (c) => c.notNull())
        .execute();
      await addId(db.schema.createTable('leverage_positions'), dialect)
        .addColumn('user_id', int, (c) => c.notNull().references('users.id'))
        .addColumn('book', 'text', (c) => c.notNull())
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('direction', 'text', (c) => c.notNull())
        .addColumn('lots', int, (c) => c.notNull())
        .addColumn('lot_price', int, (c) => c.notNull())
        .addColumn('multiple', int, (c) => c.notNull())
        .addColumn('margin', int, (c) => c.notNull())
        .addColumn('value', int, (c) => c.notNull())
        .addColumn('top_up', int, (c) => c.notNull())
        .addColumn('open_fee', int, (c) => c.notNull())
        .addColumn('open_fee_rate', int, (c) => c.notNull())
        .addColumn('close_fee_rate', int, (c) => c.notNull())
        .addColumn('maintenance_rate', int, (c) => c.notNull())
        .addColumn('maintenance', int, (c) => c.notNull())
        .addColumn('protection', int, (c) => c.notNull())
        .addColumn('entry_price', int, (c) => c.notNull())
        .addColumn('entry_time', int, (c) => c.notNull())
        .addColumn('entry_seq', int, (c) => c.notNull())
        .addColumn('liquidation_price', int)
        .addColumn('take_profit', int)
        .addColumn('stop_loss', int)
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('open_time', int, (c) => c.notNull())
        .addColumn('exit_price', int)
        .addColumn('exit_time', int)
        .addColumn('exit_seq', int)
        .addColumn('close_time', int)
        .addColumn('close_fee', int)
        .addColumn('pnl', int)
        .addColumn('payout', int)
        .addColumn('gap', int)
        .addColumn('closed_by', 'text')
        .addColumn('created_at', int, (c) => c.notNull())
        .addColumn('updated_at', int, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('leverage_positions_user')
        .on('leverage_positions')
        .columns(['user_id', 'book', 'status', 'id'])
        .execute();
      // The open positions, read whole at start into the trigger index.
      await db.schema
        .createIndex('leverage_positions_open')
        .on('leverage_positions')
        .column('symbol')
        .where(sql.ref('status'), '=', 'open')
        .execute();
      await db.schema
        .createTable('leverage_cursor')
        .addColumn('id', int, (c) => c.primaryKey())
        .addColumn('seq', int, (c) => c.notNull())
        .execute();
    },
  };
}
