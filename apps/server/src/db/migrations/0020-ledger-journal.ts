import { sql, type Kysely } from 'kysely';
import { columnType, type MigrationContext } from './helpers';

/**
 * The journal layout of the ledger (ledger/ledger.ts, ledger/projection.ts).
 *
 * On SQLite, ledger_entries becomes a journal kept in id order (a plain rowid table: an entry is
 * appended at the end, no per-account b-tree is written per transfer), and
 * ledger_entries_by_account is the per-account index built from it in bulk, up to
 * ledger_projection.entries_up_to; readers add the journal's tail beyond that mark.
 *
 * On PostgreSQL ledger_entries keeps its primary key (account_id, id), maintained by the database
 * in the posting transaction: concurrent writers commit out of id order there, so a mark "every
 * entry up to id N is indexed" could not be trusted. The two new tables exist there too, so the
 * readers' queries are the same on both: the index stays empty and the mark at 0, and the "tail"
 * (every entry) is read through the primary key.
 */
export function ledgerJournal({ dialect }: MigrationContext) {
  const int = columnType(dialect, 'int');
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'sqlite') {
        // One transaction: a crash in the middle leaves the old table as it was.
        await db.transaction().execute(async (trx) => {
          await sql`CREATE TABLE ledger_journal (
              id INTEGER PRIMARY KEY,
              account_id INTEGER NOT NULL,
              transaction_id INTEGER NOT NULL,
              amount INTEGER NOT NULL,
              balance_after INTEGER NOT NULL,
              created_at INTEGER NOT NULL)`.execute(trx);
          await sql`INSERT INTO ledger_journal (id, account_id, transaction_id, amount, balance_after, created_at)
              SELECT id, account_id, transaction_id, amount, balance_after, created_at
              FROM ledger_entries ORDER BY id`.execute(trx);
          // Dropping a table fires none of its triggers (and drops them with it).
          await sql`DROP TABLE ledger_entries`.execute(trx);
          await sql`ALTER TABLE ledger_journal RENAME TO ledger_entries`.execute(trx);
          for (const op of ['UPDATE', 'DELETE']) {
            await sql
              .raw(
                `CREATE TRIGGER ledger_entries_no_${op.toLowerCase()} BEFORE ${op} ON ledger_entries ` +
                  `BEGIN SELECT RAISE(ABORT, 'ledger_entries are immutable'); END`,
              )
              .execute(trx);
          }
          await sql`CREATE TABLE ledger_entries_by_account (
              account_id INTEGER NOT NULL,
              entry_id INTEGER NOT NULL,
              PRIMARY KEY (account_id, entry_id)) WITHOUT ROWID`.execute(trx);
          await sql`INSERT INTO ledger_entries_by_account (account_id, entry_id)
              SELECT account_id, id FROM ledger_entries ORDER BY account_id, id`.execute(trx);
          await sql`CREATE TABLE ledger_projection (
              id INTEGER PRIMARY KEY,
              entries_up_to INTEGER NOT NULL)`.execute(trx);
          await sql`INSERT INTO ledger_projection (id, entries_up_to)
              SELECT 1, COALESCE(MAX(id), 0) FROM ledger_entries`.execute(trx);
        });
        return;
      }
      await db.schema
        .createTable('ledger_entries_by_account')
        .addColumn('account_id', int, (c) => c.notNull())
        .addColumn('entry_id', int, (c) => c.notNull())
        .addPrimaryKeyConstraint('ledger_entries_by_account_pk', ['account_id', 'entry_id'])
        .execute();
      await db.schema
        .createTable('ledger_projection')
        .addColumn('id', int, (c) => c.primaryKey())
        .addColumn('entries_up_to', int, (c) => c.notNull())
        .execute();
      await sql`INSERT INTO ledger_projection (id, entries_up_to) VALUES (1, 0)`.execute(db);
    },
  };
}
