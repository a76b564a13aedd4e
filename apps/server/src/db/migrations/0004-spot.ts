import type { Kysely } from 'kysely';
import { columnType, type MigrationContext } from './helpers';

/** Spot orders and trades, with ids the spot exchange allocates. */
export function spot({ dialect }: MigrationContext) {
  const int = columnType(dialect, 'int');
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('spot_orders')
        .addColumn('id', int, (c) => c.primaryKey())
        .addColumn('user_id', int, (c) => c.notNull().references('users.id'))
        .addColumn('book', 'text', (c) => c.notNull())
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('side', 'text', (c) => c.notNull())
        .addColumn('type', int, (c) => c.notNull())
        .addColumn('price', int)
        .addColumn('quantity', int)
        .addColumn('quote_amount', int)
        .addColumn('filled', int, (c) => c.notNull().defaultTo(0))
        .addColumn('filled_quote', int, (c) => c.notNull().defaultTo(0))
        .addColumn('fee', int, (c) => c.notNull().defaultTo(0))
        .addColumn('fee_currency', 'text', (c) => c.notNull())
        .addColumn('held', int, (c) => c.notNull())
        .addColumn('held_currency', 'text', (c) => c.notNull())
        .addColumn('phase', 'text', (c) => c.notNull())
        // The order's id in the engine: its arrival sequence, set when it reaches the engine.
        .addColumn('seq', int, (c) => c.unique())
        .addColumn('created_at', int, (c) => c.notNull())
        .addColumn('updated_at', int, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('spot_orders_user')
        .on('spot_orders')
        .columns(['user_id', 'book', 'id'])
        .execute();
      // The books are rebuilt from these at start.
      await db.schema
        .createIndex('spot_orders_open')
        .on('spot_orders')
        .columns(['phase', 'seq'])
        .execute();

      await db.schema
        .createTable('spot_trades')
        .addColumn('id', int, (c) => c.primaryKey())
        .addColumn('book', 'text', (c) => c.notNull())
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('price', int, (c) => c.notNull())
        .addColumn('quantity', int, (c) => c.notNull())
        .addColumn('quote', int, (c) => c.notNull())
        .addColumn('taker_side', 'text', (c) => c.notNull())
        .addColumn('maker_order_id', int, (c) => c.notNull())
        .addColumn('taker_order_id', int, (c) => c.notNull())
        .addColumn('maker_owner', int, (c) => c.notNull())
        .addColumn('taker_owner', int, (c) => c.notNull())
        .addColumn('maker_fee', int, (c) => c.notNull())
        .addColumn('taker_fee', int, (c) => c.notNull())
        .addColumn('created_at', int, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('spot_trades_symbol')
        .on('spot_trades')
        .columns(['book', 'symbol', 'id'])
        .execute();
      // Trading volume per user (the withdrawal threshold counts it).
      await db.schema
        .createIndex('spot_trades_taker')
        .on('spot_trades')
        .columns(['taker_owner'])
        .execute();
      await db.schema
        .createIndex('spot_trades_maker')
        .on('spot_trades')
        .columns(['maker_owner'])
        .execute();
    },
  };
}
