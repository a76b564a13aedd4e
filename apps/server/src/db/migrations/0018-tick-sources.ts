import type { Kysely } from 'kysely';
import type { MigrationContext } from './helpers';

/**
 * A live tick (MARKET_FEED=live) is the median of the exchange sources' latest prices: the tick
 * log keeps which sources it used and their prices (JSON `[{name, price, time}]`, prices as
 * decimal strings), so a settlement shows them. Ticks of the embedded simulator keep null.
 */
export function tickSources(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('tick_log').addColumn('sources', 'text').execute();
    },
  };
}
