import { sql, type Kysely } from 'kysely';
import { addId, columnType, type MigrationContext } from './helpers';

/**
 * Option delivery: the feed's tick log, products and periods with their terms, orders (each with
 * the terms and ticks that decide it), the public settlement record with its chain head, the open
 * exposure per book, and the per-user salts of the record's pseudonyms.
 */
export function options({ dialect }: MigrationContext) {
  const int = columnType(dialect, 'int');
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('tick_log')
        .addColumn('seq', int, (c) => c.primaryKey())
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('time', int, (c) => c.notNull())
        .addColumn('price', int, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('tick_log_symbol_time')
        .on('tick_log')
        .columns(['symbol', 'time'])
        .execute();
      await db.schema.createIndex('tick_log_time').on('tick_log').column('time').execute();

      await db.schema
        .createTable('option_products')
        .addColumn('symbol', 'text', (c) => c.primaryKey())
        .addColumn('enabled', int, (c) => c.notNull())
        .addColumn('updated_at', int, (c) => c.notNull())
        .execute();
      await addId(db.schema.createTable('option_periods'), dialect)
        .addColumn('symbol', 'text', (c) => c.notNull().references('option_products.symbol'))
        .addColumn('seconds', int, (c) => c.notNull())
        .addColumn('return_rate', int, (c) => c.notNull())
        .addColumn('loss_rate', int, (c) => c.notNull())
        .addColumn('min_amount', int, (c) => c.notNull())
        .addColumn('max_amount', int, (c) => c.notNull())
        .addColumn('enabled', int, (c) => c.notNull())
        .addColumn('updated_at', int, (c) => c.notNull())
        .addUniqueConstraint('option_periods_symbol_seconds', ['symbol', 'seconds'])
        .execute();

      await addId(db.schema.createTable('option_orders'), dialect)
        .addColumn('user_id', int, (c) => c.notNull().references('users.id'))
        .addColumn('book', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('direction', 'text', (c) => c.notNull())
        .addColumn('stake', int, (c) => c.notNull())
        .addColumn('period_id', int, (c) => c.notNull())
        .addColumn('period_seconds', int, (c) => c.notNull())
        .addColumn('return_rate', int, (c) => c.notNull())
        .addColumn('loss_rate', int, (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('open_time', int, (c) => c.notNull())
        .addColumn('settle_time', int, (c) => c.notNull())
        .addColumn('strike_price', int)
        .addColumn('strike_time', int)
        .addColumn('strike_seq', int)
        .addColumn('settle_price', int)
        .addColumn('settle_tick_time', int)
        .addColumn('settle_seq', int)
        .addColumn('outcome', 'text')
        .addColumn('payout', int)
        .addColumn('record_seq', int)
        .addColumn('created_at', int, (c) => c.notNull())
        .addColumn('updated_at', int, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('option_orders_user')
        .on('option_orders')
        .columns(['user_id', 'book', 'id'])
        .execute();
      // The jobs' queues: open orders by the time they next need the job. Partial, so that an
      // order leaves its queue with one index write when it moves on.
      await db.schema
        .createIndex('option_orders_due')
        .on('option_orders')
        .column('settle_time')
        .where(sql.ref('status'), '=', 'running')
        .execute();
      await db.schema
        .createIndex('option_orders_start')
        .on('option_orders')
        .column('open_time')
        .where(sql.ref('status'), '=', 'scheduled')
        .execute();
      // The oldest open strike (the tick log's pruning keeps what open orders need).
      await db.schema
        .createIndex('option_orders_open_strike')
        .on('option_orders')
        .column('strike_time')
        .where(sql.ref('status'), 'in', ['scheduled', 'running'])
        .execute();

      await db.schema
        .createTable('option_records')
        .addColumn('seq', int, (c) => c.primaryKey())
        .addColumn('order_id', int, (c) => c.notNull().unique())
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('expiry', int, (c) => c.notNull())
        // The record without `hash`, in RFC 8785 canonical JSON: exactly what was hashed.
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .addColumn('created_at', int, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('option_records_symbol')
        .on('option_records')
        .columns(['symbol', 'expiry'])
        .execute();
      // One row: the chain's head, locked by every append so two processes cannot fork it.
      await db.schema
        .createTable('option_chain')
        .addColumn('id', int, (c) => c.primaryKey())
        .addColumn('seq', int, (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .execute();

      // What the pool has promised: the worst-case payout of every open order, per book.
      await db.schema
        .createTable('option_exposure')
        .addColumn('book', 'text', (c) => c.primaryKey())
        .addColumn('worst_case', int, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('option_trader_salts')
        .addColumn('user_id', int, (c) => c.primaryKey().references('users.id'))
        .addColumn('salt', 'text', (c) => c.notNull())
        .execute();

      // Append-only: ticks never change (old ones are pruned), records never change or go.
      const guards: [string, string[]][] = [
        ['tick_log', ['UPDATE']],
        ['option_records', ['UPDATE', 'DELETE']],
      ];
      for (const [table, ops] of guards) {
        if (dialect === 'sqlite') {
          for (const op of ops) {
            await sql
              .raw(
                `CREATE TRIGGER ${table}_no_${op.toLowerCase()} BEFORE ${op} ON ${table} ` +
                  `BEGIN SELECT RAISE(ABORT, '${table} is append-only'); END`,
              )
              .execute(db);
          }
        } else {
          await sql
            .raw(
              `CREATE OR REPLACE FUNCTION ${table}_append_only() RETURNS trigger AS $$ ` +
                `BEGIN RAISE EXCEPTION '${table} is append-only'; END; $$ LANGUAGE plpgsql`,
            )
            .execute(db);
          await sql
            .raw(
              `CREATE TRIGGER ${table}_append_only BEFORE ${ops.join(' OR ')} ON ${table} ` +
                `FOR EACH ROW EXECUTE FUNCTION ${table}_append_only()`,
            )
            .execute(db);
        }
      }
    },
  };
}
