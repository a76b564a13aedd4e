import type { Kysely } from 'kysely';
import { addId, columnType, type MigrationContext } from './helpers';

/**
 * Financial (yield) packages: products with their terms, orders (each with a copy of the terms
 * it was bought on and its schedule), one row per dividend paid (unique per order and day, so a
 * day is never paid twice), and per book the interest promised on open orders (the row buyers
 * lock, so the reserve's cover is checked one purchase at a time).
 */
export function financial({ dialect }: MigrationContext) {
  const int = columnType(dialect, 'int');
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await addId(db.schema.createTable('financial_products'), dialect)
        .addColumn('tier', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('days', int, (c) => c.notNull())
        .addColumn('daily_rate', int, (c) => c.notNull())
        .addColumn('min_amount', int, (c) => c.notNull())
        .addColumn('max_amount', int, (c) => c.notNull())
        .addColumn('capacity', int, (c) => c.notNull())
        .addColumn('dividend_time', 'text', (c) => c.notNull())
        .addColumn('time_zone', 'text', (c) => c.notNull())
        .addColumn('penalty_rate', int, (c) => c.notNull())
        .addColumn('lock', int, (c) => c.notNull())
        .addColumn('sale_start', int)
        .addColumn('sale_end', int)
        .addColumn('enabled', int, (c) => c.notNull())
        .addColumn('created_at', int, (c) => c.notNull())
        .addColumn('updated_at', int, (c) => c.notNull())
        .execute();

      await addId(db.schema.createTable('financial_orders'), dialect)
        .addColumn('order_no', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', int, (c) => c.notNull().references('users.id'))
        .addColumn('book', 'text', (c) => c.notNull())
        .addColumn('product_id', int, (c) => c.notNull().references('financial_products.id'))
        .addColumn('product_name', 'text', (c) => c.notNull())
        .addColumn('tier', 'text', (c) => c.notNull())
        .addColumn('amount', int, (c) => c.notNull())
        .addColumn('daily_rate', int, (c) => c.notNull())
        .addColumn('days', int, (c) => c.notNull())
        .addColumn('penalty_rate', int, (c) => c.notNull())
        .addColumn('lock', int, (c) => c.notNull())
        .addColumn('dividend_time', 'text', (c) => c.notNull())
        .addColumn('time_zone', 'text', (c) => c.notNull())
        .addColumn('daily_interest', int, (c) => c.notNull())
        .addColumn('expected_profit', int, (c) => c.notNull())
        .addColumn('profit_earned', int, (c) => c.notNull())
        .addColumn('days_paid', int, (c) => c.notNull())
        .addColumn('status', int, (c) => c.notNull())
        .addColumn('start_time', int, (c) => c.notNull())
        .addColumn('end_time', int, (c) => c.notNull())
        .addColumn('principal_at', int, (c) => c.notNull())
        .addColumn('next_due_at', int)
        .addColumn('returned_principal', int)
        .addColumn('penalty', int)
        .addColumn('closed_at', int)
        .addColumn('created_at', int, (c) => c.notNull())
        .addColumn('updated_at', int, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('financial_orders_user')
        .on('financial_orders')
        .columns(['user_id', 'book', 'status', 'id'])
        .execute();
      await db.schema
        .createIndex('financial_orders_product')
        .on('financial_orders')
        .columns(['product_id', 'book', 'status'])
        .execute();
      // The dividend job's queue: open orders by their next run (closed ones have none).
      await db.schema
        .createIndex('financial_orders_due')
        .on('financial_orders')
        .column('next_due_at')
        .execute();

      await addId(db.schema.createTable('financial_dividends'), dialect)
        .addColumn('order_id', int, (c) => c.notNull().references('financial_orders.id'))
        .addColumn('user_id', int, (c) => c.notNull())
        .addColumn('book', 'text', (c) => c.notNull())
        .addColumn('day', int, (c) => c.notNull())
        .addColumn('amount', int, (c) => c.notNull())
        .addColumn('due_at', int, (c) => c.notNull())
        .addColumn('paid_at', int, (c) => c.notNull())
        .addColumn('transaction_id', int, (c) => c.notNull())
        .addUniqueConstraint('financial_dividends_order_day', ['order_id', 'day'])
        .execute();
      await db.schema
        .createIndex('financial_dividends_user')
        .on('financial_dividends')
        .columns(['user_id', 'book', 'id'])
        .execute();

      await db.schema
        .createTable('financial_reserve')
        .addColumn('book', 'text', (c) => c.primaryKey())
        .addColumn('promised', int, (c) => c.notNull())
        .execute();
    },
  };
}
