import { sql, type Kysely } from 'kysely';
import { addId, columnType, type MigrationContext } from './helpers';

const IMMUTABLE = ['ledger_transactions', 'ledger_entries', 'ledger_idempotency'] as const;

/** The double-entry ledger, idempotency records, and transfers between a user's wallets. */
export function ledger({ dialect }: MigrationContext) {
  const int = columnType(dialect, 'int');
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await addId(db.schema.createTable('ledger_accounts'), dialect)
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('owner_id', int, (c) => c.notNull())
        .addColumn('book', 'text', (c) => c.notNull())
        .addColumn('wallet', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('balance', int, (c) => c.notNull().defaultTo(0))
        .addColumn('can_be_negative', int, (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', int, (c) => c.notNull())
        .addUniqueConstraint('ledger_accounts_key', [
          'owner',
          'owner_id',
          'book',
          'wallet',
          'currency',
        ])
        .execute();

      // Plain rowid ids on SQLite (no AUTOINCREMENT bookkeeping): an id freed by a rollback may be
      // reused, which is harmless for transactions and entries (nothing caches them).
      await (
        dialect === 'postgres'
          ? db.schema
              .createTable('ledger_transactions')
              .addColumn('id', 'bigserial', (c) => c.primaryKey())
          : db.schema
              .createTable('ledger_transactions')
              .addColumn('id', 'integer', (c) => c.primaryKey())
      )
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('reference', 'text', (c) => c.notNull())
        .addColumn('created_at', int, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('ledger_transactions_reference')
        .on('ledger_transactions')
        .column('reference')
        .execute();

      // Only the transactions posted with an idempotency key have a row here.
      await db.schema
        .createTable('ledger_idempotency')
        .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
        .addColumn('transaction_id', int, (c) => c.notNull())
        .addColumn('content_hash', 'text', (c) => c.notNull())
        .$call((t) => (dialect === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t))
        .execute();

      // Entries are stored by account (the account-change log reads them that way): on SQLite a
      // clustered WITHOUT ROWID table, one b-tree write per entry. Ids come from the ledger.
      await db.schema
        .createTable('ledger_entries')
        .addColumn('account_id', int, (c) => c.notNull())
        .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) => c.notNull())
        .addColumn('transaction_id', int, (c) => c.notNull())
        .addColumn('amount', int, (c) => c.notNull())
        .addColumn('balance_after', int, (c) => c.notNull())
        .addColumn('created_at', int, (c) => c.notNull())
        .addPrimaryKeyConstraint('ledger_entries_pk', ['account_id', 'id'])
        .$call((t) => (dialect === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t))
        .execute();
      if (dialect === 'postgres') {
        await db.schema
          .createIndex('ledger_entries_transaction')
          .on('ledger_entries')
          .column('transaction_id')
          .execute();
      }

      await addId(db.schema.createTable('idempotency_records'), dialect)
        .addColumn('user_id', int, (c) => c.notNull())
        .addColumn('call', 'text', (c) => c.notNull())
        .addColumn('idem_key', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('response', 'text', (c) => c.notNull())
        .addColumn('created_at', int, (c) => c.notNull())
        .addUniqueConstraint('idempotency_records_key', ['user_id', 'call', 'idem_key'])
        .execute();

      await addId(db.schema.createTable('transfers'), dialect)
        .addColumn('user_id', int, (c) => c.notNull().references('users.id'))
        .addColumn('book', 'text', (c) => c.notNull())
        .addColumn('from_wallet', 'text', (c) => c.notNull())
        .addColumn('to_wallet', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('amount', int, (c) => c.notNull())
        .addColumn('created_at', int, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('transfers_user')
        .on('transfers')
        .columns(['user_id', 'id'])
        .execute();

      // Posted transactions are immutable: a mistake is corrected by a new transaction.
      for (const table of IMMUTABLE) {
        if (dialect === 'sqlite') {
          for (const op of ['UPDATE', 'DELETE']) {
            await sql
              .raw(
                `CREATE TRIGGER ${table}_no_${op.toLowerCase()} BEFORE ${op} ON ${table} ` +
                  `BEGIN SELECT RAISE(ABORT, '${table} are immutable'); END`,
              )
              .execute(db);
          }
        } else {
          await sql
            .raw(
              `CREATE OR REPLACE FUNCTION ${table}_immutable() RETURNS trigger AS $$ ` +
                `BEGIN RAISE EXCEPTION '${table} are immutable'; END; $$ LANGUAGE plpgsql`,
            )
            .execute(db);
          await sql
            .raw(
              `CREATE TRIGGER ${table}_immutable BEFORE UPDATE OR DELETE ON ${table} ` +
                `FOR EACH ROW EXECUTE FUNCTION ${table}_immutable()`,
            )
            .execute(db);
        }
      }
    },
  };
}
