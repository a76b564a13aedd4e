import { sql, type Kysely } from 'kysely';
import { columnType, type MigrationContext } from './helpers';

/** What closed an order: before this migration on the order's own row, now on its record. */
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
 * started (its terms, its strike; scheduled, running, or cancelled or failed before it ran);
 * how a settled or failed order closed (the settlement tick, outcome, payout) is kept on its
 * record in `option_records`, which is append-only, so it can no more change than the record;
 * `option_due` queues the running orders by expiry. Settling an order so appends its record and
 * deletes a range of the queue, instead of also rewriting the order's row and two partial
 * indexes, which cost settlement more than its ledger transfer (bench:options). `option_orders`
 * stays as a view of both, with the columns and meaning it had, for every reader; the terms row of
 * a settled order still says running, and the record decides.
 */
export function optionOrderSplit({ dialect }: MigrationContext) {
  const int = columnType(dialect, 'int');
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('option_orders').renameTo('option_order_terms').execute();
      for (const [column, type] of [
        ['status', 'text'],
        ['settle_price', int],
        ['settle_tick_time', int],
        ['settle_seq', int],
        ['outcome', 'text'],
        ['payout', int],
      ] as const) {
        await db.schema.alterTable('option_records').addColumn(column, type).execute();
      }
      // Existing records take their orders' results: the one update records ever see, with their
      // guard lifted for it and put back as it was.
      if (dialect === 'sqlite') await sql`DROP TRIGGER option_records_no_update`.execute(db);
      else
        await sql`ALTER TABLE option_records DISABLE TRIGGER option_records_append_only`.execute(
          db,
        );
      await sql`
        UPDATE option_records SET
          status = (SELECT o.status FROM option_order_terms o WHERE o.id = option_records.order_id),
          settle_price = (SELECT o.settle_price FROM option_order_terms o WHERE o.id = option_records.order_id),
          settle_tick_time = (SELECT o.settle_tick_time FROM option_order_terms o WHERE o.id = option_records.order_id),
          settle_seq = (SELECT o.settle_seq FROM option_order_terms o WHERE o.id = option_records.order_id),
          outcome = (SELECT o.outcome FROM option_order_terms o WHERE o.id = option_records.order_id),
          payout = (SELECT o.payout FROM option_order_terms o WHERE o.id = option_records.order_id)
      `.execute(db);
      if (dialect === 'sqlite')
        await sql
          .raw(
            'CREATE TRIGGER option_records_no_update BEFORE UPDATE ON option_records ' +
              "BEGIN SELECT RAISE(ABORT, 'option_records is append-only'); END",
          )
          .execute(db);
      else
        await sql`ALTER TABLE option_records ENABLE TRIGGER option_records_append_only`.execute(db);

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
      // A cancelled order never ran and has no record: its stake came back, all of it.
      await sql`
        CREATE VIEW option_orders AS
        SELECT o.id, o.user_id, o.book, o.kind, o.symbol, o.direction, o.stake, o.period_id,
          o.period_seconds, o.return_rate, o.loss_rate,
          CASE WHEN r.seq IS NULL THEN o.status ELSE r.status END AS status,
          o.open_time, o.settle_time, o.strike_price, o.strike_time, o.strike_seq,
          r.settle_price, r.settle_tick_time, r.settle_seq, r.outcome,
          CASE WHEN r.seq IS NOT NULL THEN r.payout WHEN o.status = 'cancelled' THEN o.stake END
            AS payout,
          r.seq AS record_seq, o.created_at,
          CASE WHEN r.seq IS NULL THEN o.updated_at ELSE r.created_at END AS updated_at
        FROM option_order_terms o LEFT JOIN option_records r ON r.order_id = o.id
      `.execute(db);
    },
  };
}
