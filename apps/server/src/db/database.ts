import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { Checkpointer } from './checkpointer';
import { TidemarkSqliteDialect } from './sqlite-driver';
import { WalSync } from './wal-sync';

export type DialectName = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
/** Either the database or an open transaction: services and repositories take this first. */
export type Executor = Db | Trx;

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  /**
   * The better-sqlite3 connection behind `db` on SQLite, for the ledger's prepared statements.
   * Only ever used synchronously inside a transaction that holds the connection.
   */
  sqlite: BetterSqlite3.Database | null;
  /**
   * How many writing statements have run on the SQLite connection so far (every path that runs
   * statements counts here): the group committer compares it around a unit to tell a failure that
   * wrote something from one that did not.
   */
  writeCount: { writes: number };
  /**
   * Writes held back by the open transaction to be sent together (the ledger's journal appends, on
   * SQLite): written out before any statement that could see them runs on the connection and
   * before COMMIT, forgotten on ROLLBACK (HeldWrites.before). So whatever else runs in the
   * transaction sees them.
   */
  held: HeldWrites;
  /**
   * Lets the caller holding the connection take the durability of its transaction's commit as a
   * promise instead of waiting for it inside the transaction's end (SQLite; see DeferredFlush).
   */
  deferredFlush: DeferredFlush;
  /** Where the data lives, for logs: the SQLite file, or the PostgreSQL database name. */
  location: string;
  close(): Promise<void>;
}

/**
 * On SQLite a transaction's end waits for the log flush that makes its commit durable (wal-sync.ts)
 * before it resolves. A caller that holds the connection may instead ask for that flush to be
 * handed to it: `take(receive)` inside the transaction, and when the transaction ends `receive`
 * gets the flush (resolved at once when nothing was committed or the database flushes itself) and
 * the transaction resolves right after COMMIT. The group committer uses it to run its next batch
 * while the disk flushes the last (group-commit.ts); whoever takes the flush must wait for it
 * before telling anyone that the commit happened.
 */
export class DeferredFlush {
  private receiver: ((flushed: Promise<void>) => void) | undefined;

  /** Only inside a transaction, which holds the one connection: its end hands the flush over. */
  take(receive: (flushed: Promise<void>) => void): void {
    this.receiver = receive;
  }

  /** The driver, as the connection is released: answers whether a receiver took the flush. */
  handOver(flushed: Promise<void> | undefined): boolean {
    const receive = this.receiver;
    if (!receive) return false;
    this.receiver = undefined;
    receive(flushed ?? Promise.resolve());
    return true;
  }
}

/** One holder of writes: the ledger. */
export interface WriteHolder {
  /** Writes out what it holds, on the open transaction (synchronously: SQLite only). */
  flush(): void;
  /** Forgets what it holds: the transaction began, or rolled back. */
  discard(): void;
  /** The transaction committed (after COMMIT answered, before the log is flushed). */
  committed(): void;
}

/**
 * A statement that can neither see nor change what is held: a plain read or write (optionally
 * after a WITH) that names none of the ledger's tables. Anything else (COMMIT, a savepoint, a
 * PRAGMA, any statement naming a `ledger_` table) needs the held rows written first.
 */
const APART_VERB = /^\s*(?:with|select|insert|update|delete)\b/i;
const HELD_TABLE_NAME = /ledger_/i;
/** Statement texts already classified (the hot ones repeat): whether each must see held rows. */
const SEES_HELD_LIMIT = 2_000;

/** The holders of one connection's held writes (see DatabaseHandle.held). */
export class HeldWrites {
  private readonly holders: WriteHolder[] = [];
  private readonly seesHeld = new Map<string, boolean>();

  add(holder: WriteHolder): void {
    this.holders.push(holder);
  }

  /**
   * Before `sql` runs on the connection: BEGIN and ROLLBACK forget what is held; a statement
   * that could see it (or end the transaction) has it written first. A statement apart from the
   * ledger's tables leaves it held, so that a group commit writes its transfers together (one
   * multi-row statement per table at COMMIT instead of a few rows before every other statement).
   */
  before(sql: string): void {
    if (this.holders.length === 0) return;
    if (sql === 'rollback' || sql === 'begin immediate') {
      this.discard();
      return;
    }
    let sees = this.seesHeld.get(sql);
    if (sees === undefined) {
      sees = !APART_VERB.test(sql) || HELD_TABLE_NAME.test(sql);
      if (this.seesHeld.size >= SEES_HELD_LIMIT) this.seesHeld.clear();
      this.seesHeld.set(sql, sees);
    }
    if (sees) this.flush();
  }

  flush(): void {
    for (const holder of this.holders) holder.flush();
  }

  discard(): void {
    for (const holder of this.holders) holder.discard();
  }

  committed(): void {
    for (const holder of this.holders) holder.committed();
  }
}

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** SQLite file name inside dataDir. */
  sqliteFile?: string;
}

// int8 as bigint, so money never passes through a JavaScript number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => BigInt(value));

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server ends (restart, failover, a dropped database) must not bring the
    // process down: the pool replaces it on the next query, and a query in flight fails on its own.
    pool.on('error', (error) => {
      process.emitWarning(`PostgreSQL connection lost while idle: ${error.message}`);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      sqlite: null,
      writeCount: { writes: 0 },
      held: new HeldWrites(),
      deferredFlush: new DeferredFlush(),
      location: new URL(options.databaseUrl).pathname.slice(1) || 'postgres',
      close: () => db.destroy(),
    };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, options.sqliteFile ?? 'tidemark.db');
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  // Durable as FULL: the log is flushed after every commit before its caller is answered, off
  // the main thread (wal-sync.ts); NORMAL only stops SQLite doing it on the main thread itself.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.defaultSafeIntegers(true);
  const counter = { writes: 0 };
  const wal = new WalSync(`${file}-wal`);
  const checkpointer = new Checkpointer(sqlite, file);
  const held = new HeldWrites();
  const deferredFlush = new DeferredFlush();
  const db = new Kysely<Database>({
    dialect: new TidemarkSqliteDialect(sqlite, counter, wal, held, deferredFlush, checkpointer),
  });
  return {
    db,
    dialect: 'sqlite',
    sqlite,
    writeCount: counter,
    held,
    deferredFlush,
    location: file,
    close: () => db.destroy(),
  };
}

/**
 * Whether the repositories' row locks (SELECT ... FOR UPDATE) apply: on PostgreSQL they do. SQLite
 * has no such clause and needs none: its write transactions begin IMMEDIATE and hold the database.
 */
export function locksRows(handle: Pick<DatabaseHandle, 'dialect'>): boolean {
  return handle.dialect === 'postgres';
}

const RETRYABLE_PG_CODES = new Set(['40001', '40P01']);

/** A PostgreSQL serialisation failure or deadlock: the transaction may simply run again. */
export function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && RETRYABLE_PG_CODES.has(code);
}

/**
 * Runs fn in one database transaction. On PostgreSQL a serialisation failure or deadlock is retried
 * a few times, so callers see either a committed result or a real error.
 */
export async function inTransaction<T>(db: Db, fn: (trx: Trx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(fn);
    } catch (error) {
      if (attempt >= 5 || !isRetryable(error)) throw error;
    }
  }
}

/** bigint (or a PostgreSQL count) from the database, as a JavaScript number for ids and times. */
export function num(value: bigint | number | string): number {
  return typeof value === 'number' ? value : Number(value);
}

/** A unique constraint refused the write (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === '23505'
  );
}
