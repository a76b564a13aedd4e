import { sql, type Kysely } from 'kysely';
import { columnType, type MigrationContext } from './helpers';

/** Candles of the market feed (DESIGN.md section 3 "Market"). */
export function market({ dialect }: MigrationContext) {
  const int = columnType(dialect, 'int');
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      let candles = db.schema
        .createTable('candles')
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('time', int, (c) => c.notNull())
        .addColumn('open', int, (c) => c.notNull())
        .addColumn('high', int, (c) => c.notNull())
        .addColumn('low', int, (c) => c.notNull())
        .addColumn('close', int, (c) => c.notNull())
        .addColumn('volume', int, (c) => c.notNull())
        .addColumn('quote_volume', int, (c) => c.notNull())
        .addPrimaryKeyConstraint('candles_pk', ['symbol', 'period', 'time']);
      // On SQLite the key is the table, so a chart's range is one contiguous read and the
      // hundreds of thousands of history rows carry no separate rowid index.
      if (dialect === 'sqlite') candles = candles.modifyEnd(sql`without rowid`);
      await candles.execute();
    },
  };
}
