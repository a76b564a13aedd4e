import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely } from 'kysely';
import { checkPlatform } from '../ledger/check';
import { TidemarkSqliteDialect } from './sqlite-driver';
import type { Database } from './schema';

/** The embedded database's files in DATA_DIR: copied by SQLite's online backup, never as files. */
const DATABASE_FILES = new Set(['tidemark.db', 'tidemark.db-wal', 'tidemark.db-shm']);

export interface BackupReport {
  /** The folder holding this backup: tidemark.db and a copy of every other file of DATA_DIR. */
  backup: string;
  databaseBytes: number;
  /** Other files copied (uploads, lesson media, the outbox, the first operator's file). */
  files: number;
  /** PRAGMA integrity_check of the copy. */
  integrity: string;
  /** The platform check (ledger invariants and holds) run on the copy. */
  ledgerOk: boolean;
  ms: number;
}

function copyTree(from: string, to: string): number {
  let count = 0;
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      fs.mkdirSync(target, { recursive: true });
      count += copyTree(source, target);
    } else if (entry.isFile()) {
      // Keeps the mode: the first operator's file stays readable by its owner only.
      fs.copyFileSync(source, target);
      fs.chmodSync(target, fs.statSync(source).mode & 0o777);
      count++;
    }
  }
  return count;
}

/**
 * A consistent backup of the embedded mode while the server runs: SQLite's online backup API
 * copies the database page by page (a writer in between makes it start over, so the copy is one
 * moment of the database), then every other file of DATA_DIR is copied beside it. The copy is
 * checked before it counts: SQLite's integrity check and the platform's ledger check.
 * `into` defaults to DATA_DIR/backups/<UTC time>; the backups folder itself is never copied.
 */
export async function backupDataDir(
  dataDir: string,
  now: Date = new Date(),
  into?: string,
): Promise<BackupReport> {
  const began = performance.now();
  const backupsRoot = path.join(dataDir, 'backups');
  const target =
    into ?? path.join(backupsRoot, now.toISOString().replace(/[:.]/g, '-').replace(/Z$/, 'Z'));
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0)
    throw new Error(`${target} is not empty: a backup never overwrites another`);
  fs.mkdirSync(target, { recursive: true });
  const databaseFile = path.join(target, 'tidemark.db');
  const source = new BetterSqlite3(path.join(dataDir, 'tidemark.db'), { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(databaseFile);
  } finally {
    source.close();
  }
  let files = 0;
  const resolvedTarget = path.resolve(target);
  for (const entry of fs.readdirSync(dataDir, { withFileTypes: true })) {
    const from = path.join(dataDir, entry.name);
    if (DATABASE_FILES.has(entry.name)) continue;
    if (path.resolve(from) === path.resolve(backupsRoot)) continue;
    if (resolvedTarget.startsWith(path.resolve(from) + path.sep)) continue;
    if (entry.isDirectory()) {
      fs.mkdirSync(path.join(target, entry.name), { recursive: true });
      files += copyTree(from, path.join(target, entry.name));
    } else if (entry.isFile()) {
      fs.copyFileSync(from, path.join(target, entry.name));
      fs.chmodSync(path.join(target, entry.name), fs.statSync(from).mode & 0o777);
      files++;
    }
  }
  const copy = new BetterSqlite3(databaseFile, { fileMustExist: true });
  copy.defaultSafeIntegers(true);
  const integrity = String(copy.pragma('integrity_check', { simple: true }));
  const db = new Kysely<Database>({
    dialect: new TidemarkSqliteDialect(copy, { writes: 0 }),
  });
  let ledgerOk: boolean;
  try {
    ledgerOk = (await checkPlatform(db)).ok;
  } finally {
    await db.destroy();
    // A clean close folds the check's WAL back: the backup is the one database file.
    if (copy.open) copy.close();
  }
  return {
    backup: target,
    databaseBytes: fs.statSync(databaseFile).size,
    files,
    integrity,
    ledgerOk,
    ms: Math.round(performance.now() - began),
  };
}
