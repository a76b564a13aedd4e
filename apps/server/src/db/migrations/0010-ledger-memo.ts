import type { Kysely } from 'kysely';
import type { MigrationContext } from './helpers';

/**
 * What a ledger transaction was, beyond its type and reference: the account-change log tells an
 * order's hold from its release and a fill from a fee with it (ledger/memo.ts). Older
 * transactions keep an empty memo and are shown by their type, as before.
 */
export function ledgerMemo(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // A constant default: both databases add the column without rewriting a row, so the
      // immutability triggers (UPDATE is refused) never fire.
      await db.schema
        .alterTable('ledger_transactions')
        .addColumn('memo', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    },
  };
}
