import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { Checkpointer } from './checkpointer';
import type { DeferredFlush, HeldWrites } from './database';
import type { WalSync } from './wal-sync';

/**
 * Kysely's SQLite dialect with the things DESIGN.md section 3 needs and the stock one lacks:
 * write transactions BEGIN IMMEDIATE (so a reader never upgrades into SQLITE_BUSY mid-transaction),
 * a statement cache (the stock driver prepares every query again), and commits answered only once
 * the log is flushed, by `wal` off the main thread (wal-sync.ts). Writes a transaction holds back
 * (`held`, the ledger's journal appends) are written out before any other statement and before
 * COMMIT, and forgotten at BEGIN and ROLLBACK.
 */
export class TidemarkSqliteDialect implements Dialect {
  constructor(
    private readonly database: BetterSqlite3.Database,
    /** Counts writing statements (see DatabaseHandle.writes). */
    private readonly counter: { writes: number },
    /** Flushes the log after commits; null when SQLite flushes it itself (synchronous=FULL). */
    private readonly wal: WalSync | null = null,
    private readonly held: HeldWrites | null = null,
    /** Hands a commit's flush to a caller that asked for it instead of waiting (database.ts). */
    private readonly deferredFlush: DeferredFlush | null = null,
    /** Checkpoints the log off this thread (checkpointer.ts); told of every commit. */
    private readonly checkpointer: Checkpointer | null = null,
  ) {}

  createDriver(): Driver {
    return new ImmediateSqliteDriver(
      this.database,
      this.counter,
      this.wal,
      this.held,
      this.deferredFlush,
      this.checkpointer,
    );
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
  createAdapter() {
    return new SqliteAdapter();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}

const STATEMENT_CACHE_SIZE = 500;

class CachedConnection implements DatabaseConnection {
  private readonly statements = new Map<string, BetterSqlite3.Statement>();
  /** Between BEGIN and COMMIT or ROLLBACK. */
  inTransaction = false;
  /** Something was committed since the connection was acquired: the log must be flushed. */
  committed = false;

  constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly counter: { writes: number },
    private readonly held: HeldWrites | null,
  ) {}

  private prepare(sql: string): BetterSqlite3.Statement {
    let statement = this.statements.get(sql);
    if (statement) return statement;
    statement = this.db.prepare(sql);
    if (this.statements.size >= STATEMENT_CACHE_SIZE) {
      const oldest = this.statements.keys().next().value;
      if (oldest !== undefined) this.statements.delete(oldest);
    }
    this.statements.set(sql, statement);
    return statement;
  }

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    // Nothing is held across transactions: BEGIN and ROLLBACK forget; what could see it, sees it.
    this.held?.before(compiled.sql);
    const statement = this.prepare(compiled.sql);
    const parameters = compiled.parameters as unknown[];
    // A write outside a transaction commits on its own.
    if (!statement.readonly && !this.inTransaction) this.committed = true;
    if (statement.reader) {
      const rows = statement.all(...parameters) as R[];
      // INSERT/UPDATE ... RETURNING: one row back per row changed.
      if (!statement.readonly) this.counter.writes += rows.length;
      return Promise.resolve({ rows });
    }
    const { changes, lastInsertRowid } = statement.run(...parameters);
    this.counter.writes += changes;
    return Promise.resolve({
      numAffectedRows: BigInt(changes),
      insertId: BigInt(lastInsertRowid),
      rows: [],
    });
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not used with SQLite');
  }
}

/** One connection shared in turn: SQLite serialises writers anyway, and in-process this is fastest. */
class ImmediateSqliteDriver implements Driver {
  private readonly connection: CachedConnection;
  private queue: Promise<void> = Promise.resolve();
  private release: (() => void) | undefined;

  constructor(
    private readonly db: BetterSqlite3.Database,
    counter: { writes: number },
    private readonly wal: WalSync | null,
    private readonly held: HeldWrites | null,
    private readonly deferredFlush: DeferredFlush | null,
    private readonly checkpointer: Checkpointer | null,
  ) {
    this.connection = new CachedConnection(db, counter, held);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.release = release;
    return this.connection;
  }

  async beginTransaction(
    connection: DatabaseConnection,
    _settings: TransactionSettings,
  ): Promise<void> {
    this.connection.inTransaction = true;
    try {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    } catch (error) {
      this.connection.inTransaction = false;
      throw error;
    }
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
    this.connection.inTransaction = false;
    this.connection.committed = true;
    this.held?.committed();
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await connection.executeQuery(CompiledQuery.raw('rollback'));
    } finally {
      this.connection.inTransaction = false;
    }
  }
  /**
   * Hands the connection to the next caller at once, and answers this one only after the log
   * holding what it committed is flushed: the next transaction runs while the disk works. A
   * caller that took the flush (DeferredFlush) is answered at once and waits for it itself.
   */
  async releaseConnection(): Promise<void> {
    const release = this.release;
    this.release = undefined;
    const committed = this.connection.committed;
    const flushed = committed && this.wal ? this.wal.request() : undefined;
    this.connection.committed = false;
    // Still holding the connection, outside any transaction: where a checkpoint may run.
    if (committed) this.checkpointer?.committed();
    release?.();
    if (this.deferredFlush?.handOver(flushed)) return;
    await flushed;
  }
  async destroy(): Promise<void> {
    await this.checkpointer?.stop();
    await this.wal?.close();
    this.db.close();
  }
}
