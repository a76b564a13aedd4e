import type BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery } from 'kysely';
import type { DatabaseHandle, Trx } from '../db/database';

type Row = Record<string, unknown>;

/**
 * The few statements the ledger runs on every post, on either database. On SQLite they are
 * prepared once and run synchronously on the connection the caller's transaction holds (no query
 * building per call: this is the hot path); on PostgreSQL they go through the transaction.
 */
export interface LedgerSql {
  all(trx: Trx, text: string, params: readonly unknown[]): Promise<Row[]>;
}

/**
 * `own`: the ledger's own statements, which see its held rows (DatabaseHandle.held) without their
 * being written first. Anyone else's statements write them out first, as the driver does.
 */
export function ledgerSql(handle: DatabaseHandle, options: { own?: boolean } = {}): LedgerSql {
  if (handle.sqlite) return sqliteSql(handle.sqlite, handle, options.own ?? false);
  const compiled = new Map<string, string>();
  return {
    async all(trx, text, params) {
      let pgText = compiled.get(text);
      if (!pgText) {
        let n = 0;
        compiled.set(text, (pgText = text.replace(/\?/g, () => `$${++n}`)));
      }
      const result = await trx.executeQuery<Row>(CompiledQuery.raw(pgText, [...params]));
      return result.rows;
    },
  };
}

function sqliteSql(
  sqlite: BetterSqlite3.Database,
  handle: DatabaseHandle,
  own: boolean,
): LedgerSql {
  const prepared = new Map<string, BetterSqlite3.Statement>();
  return {
    all(trx, text, params) {
      // Safe only inside the caller's transaction, which holds the one connection; checked here
      // because a statement outside it would slip into whatever transaction runs next.
      if (!trx.isTransaction) throw new Error('ledger statements need a transaction');
      if (!own) handle.held.flush();
      let statement = prepared.get(text);
      if (!statement) prepared.set(text, (statement = sqlite.prepare(text)));
      // Count rows actually changed: a guarded update that refuses changes nothing.
      if (statement.reader) {
        const rows = statement.all(...params) as Row[];
        if (!statement.readonly) handle.writeCount.writes += rows.length;
        return Promise.resolve(rows);
      }
      handle.writeCount.writes += statement.run(...params).changes;
      return Promise.resolve([]);
    },
  };
}
