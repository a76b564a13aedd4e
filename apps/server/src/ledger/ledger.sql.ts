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
  /** Like all, each row as its values in the order of the statement's columns. */
  raw(trx: Trx, text: string, params: readonly unknown[]): Promise<unknown[][]>;
  /** A writing statement without RETURNING: answers how many rows it changed. */
  run(trx: Trx, text: string, params: readonly unknown[]): Promise<number>;
}

/**
 * `own`: the ledger's own statements, which see its held rows (DatabaseHandle.held) without their
 * being written first. Anyone else's statements have them written first when they could see
 * them (HeldWrites.before, as in the driver): a statement apart from the ledger's tables leaves
 * them held until COMMIT.
 */
export function ledgerSql(handle: DatabaseHandle, options: { own?: boolean } = {}): LedgerSql {
  if (handle.sqlite) return sqliteSql(handle.sqlite, handle, options.own ?? false);
  const compiled = new Map<string, string>();
  const pgText = (text: string) => {
    let found = compiled.get(text);
    if (!found) {
      let n = 0;
      compiled.set(text, (found = text.replace(/\?/g, () => `$${++n}`)));
    }
    return found;
  };
  const execute = (trx: Trx, text: string, params: readonly unknown[]) =>
    trx.executeQuery<Row>(CompiledQuery.raw(pgText(text), [...params]));
  const all = async (trx: Trx, text: string, params: readonly unknown[]) =>
    (await execute(trx, text, params)).rows;
  return {
    all,
    async raw(trx, text, params) {
      return (await all(trx, text, params)).map((row) => Object.values(row));
    },
    async run(trx, text, params) {
      return Number((await execute(trx, text, params)).numAffectedRows ?? 0n);
    },
  };
}

function sqliteSql(
  sqlite: BetterSqlite3.Database,
  handle: DatabaseHandle,
  seesHeld: boolean,
): LedgerSql {
  const prepared = new Map<string, BetterSqlite3.Statement>();
  const rawPrepared = new Map<string, BetterSqlite3.Statement>();
  const statementOf = (trx: Trx, text: string, cache: Map<string, BetterSqlite3.Statement>) => {
    // Safe only inside the caller's transaction, which holds the one connection; checked here
    // because a statement outside it would slip into whatever transaction runs next.
    if (!trx.isTransaction) throw new Error('ledger statements need a transaction');
    if (!seesHeld) handle.held.before(text);
    let statement = cache.get(text);
    if (!statement) {
      statement = sqlite.prepare(text);
      if (cache === rawPrepared) statement.raw(true);
      cache.set(text, statement);
    }
    return statement;
  };
  return {
    all(trx, text, params) {
      const statement = statementOf(trx, text, prepared);
      // Count rows actually changed: a guarded update that refuses changes nothing.
      if (statement.reader) {
        const rows = statement.all(...params) as Row[];
        if (!statement.readonly) handle.writeCount.writes += rows.length;
        return Promise.resolve(rows);
      }
      handle.writeCount.writes += statement.run(...params).changes;
      return Promise.resolve([]);
    },
    raw(trx, text, params) {
      const statement = statementOf(trx, text, rawPrepared);
      const rows = statement.all(...params) as unknown[][];
      if (!statement.readonly) handle.writeCount.writes += rows.length;
      return Promise.resolve(rows);
    },
    run(trx, text, params) {
      const { changes } = statementOf(trx, text, prepared).run(...params);
      handle.writeCount.writes += changes;
      return Promise.resolve(changes);
    },
  };
}
