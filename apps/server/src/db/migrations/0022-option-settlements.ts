import { sql, type Kysely } from 'kysely';
import { columnType, type MigrationContext } from './helpers';

/** What closed an order (before this migration, on the order's own row). */
const CLOSED_COLUMNS = [
  'settle_price',
  'settle_tick_time',
  'settle_seq',
  'outcome',
  'payout',
  'record_seq',
] as const;

/**
 * Option orders split by what changes them. `option_order_terms` keeps an order as placed and
 * started (its terms, its strike, scheduled or running); `option_settlements` is appended once
 * when it closes (settled, failed or cancelled: the settlement tick, outcome, payout and record);
 * `option_due` queues the running orders by expiry. Settling an order so appends two rows and
 * deletes a range of the queue instead of rewriting the order's row and two partial indexes,
 * which cost settlement more than its ledger transfer (bench:options). `option_orders` stays as a
 * view of both, with the columns and meaning it had, for every reader; an order's status is its
 * settlement's once it has one (the terms row of a settled order still says running).
 */
export function optionSettlements({ dialect }: MigrationContext) {
  const int = columnType(dialect, 'int');
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('option_orders').renameTo('option_order_terms').execute();
      await db.schema
        .createTable('option_settlements')
        .addColumn('order_id', int, (c) => c.primaryKey())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('settle_price', int)
        .addColumn('settle_tick_time', int)
        .addColumn('settle_seq', int)
        .addColumn('outcome', 'text')
        .addColumn('payout', int, (c) => c.notNull())
        .addColumn('record_seq', int)
        .addColumn('closed_at', int, (c) => c.notNull())
        .execute();
      await sql`
        INSERT INTO option_settlements (order_id, status, settle_price, settle_tick_time,
          settle_seq, outcome, payout, record_seq, closed_at)
        SELECT id, status, settle_price, settle_tick_time, settle_seq, outcome, payout,
          record_seq, updated_at
        FROM option_order_terms WHERE status IN ('settled', 'failed', 'cancelled')
      `.execute(db);
      await db.schema
        .createTable('option_due')
        .addColumn('settle_time', int, (c) => c.notNull())
        .addColumn('id', int, (c) => c.notNull())
        .addColumn('strike_time', int)
        .addPrimaryKeyConstraint('option_due_pk', ['settle_time', 'id'])
        .$call((t) => (dialect === 'sqlite' ? t.modifyEnd(sql`WITHOUT ROWID`) : t))
        .execute();
      await sql`
        INSERT INTO option_due (settle_time, id, strike_time)
        SELECT settle_time, id, strike_time FROM option_order_terms WHERE status = 'running'
      `.execute(db);
      // The queues they served are option_due now (the oldest open strike is its minimum).
      await db.schema.dropIndex('option_orders_due').execute();
      await db.schema.dropIndex('option_orders_open_strike').execute();
      for (const column of CLOSED_COLUMNS) {
        await db.schema.alterTable('option_order_terms').dropColumn(column).execute();
      }
      await sql`
        CREATE VIEW option_orders AS
        SELECT o.id, o.user_id, o.book, o.kind, o.symbol, o.direction, o.stake, o.period_id,
          o.period_seconds, o.return_rate, o.loss_rate, COALESCE(s.status, o.status) AS status,
          o.open_time, o.settle_time, o.strike_price, o.strike_time, o.strike_seq,
          s.settle_price, s.settle_tick_time, s.settle_seq, s.outcome, s.payout, s.record_seq,
          o.created_at, COALESCE(s.closed_at, o.updated_at) AS updated_at
        FROM option_order_terms o LEFT JOIN option_settlements s ON s.order_id = o.id
      `.execute(db);
    },
  };
}
