import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { Checkpointer, LOG_LIMIT } from './checkpointer';

/** A WAL database of its own, written to as the server's connection is (NORMAL, no autocheckpoint). */
function walDatabase(): { file: string; sqlite: BetterSqlite3.Database; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-ckpt-'));
  const file = path.join(dir, 'test.db');
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, payload BLOB NOT NULL)');
  return { file, sqlite, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

describe('Checkpointer', () => {
  it('keeps the log bounded under commits that never pause, and stops cleanly', async () => {
    const { file, sqlite, remove } = walDatabase();
    const checkpointer = new Checkpointer(sqlite, file);
    const insert = sqlite.prepare('INSERT INTO t (payload) VALUES (?)');
    const payload = Buffer.alloc(32 * 1024, 7);
    const pageSize = Number(sqlite.pragma('page_size', { simple: true }));
    // About three times LOG_LIMIT pages of log in all, committed one row at a time.
    const commits = Math.ceil((3 * LOG_LIMIT * pageSize) / payload.length);
    let largestLog = 0;
    try {
      for (let i = 0; i < commits; i += 1) {
        insert.run(payload);
        checkpointer.committed();
        largestLog = Math.max(largestLog, fs.statSync(`${file}-wal`).size);
        // Time passes as it does between the server's commits (the worker paces itself).
        if (i % 25 === 0) await new Promise((resolve) => setTimeout(resolve, 2));
      }
      expect(checkpointer.lastError).toBeNull();
      // Without checkpoints the log would hold every commit; it started again instead.
      expect(largestLog).toBeLessThan(2 * LOG_LIMIT * pageSize);
      expect(checkpointer.progress().checkpointed).toBeGreaterThan(0);
    } finally {
      await checkpointer.stop();
      // Stopped twice is stopped once.
      await checkpointer.stop();
      sqlite.close();
      remove();
    }
  });

  it('loses nothing committed: rows written while checkpoints run are all read back', async () => {
    const { file, sqlite, remove } = walDatabase();
    const checkpointer = new Checkpointer(sqlite, file);
    const insert = sqlite.prepare('INSERT INTO t (payload) VALUES (?)');
    try {
      for (let i = 0; i < 2_000; i += 1) {
        insert.run(Buffer.alloc(2_048, i % 251));
        checkpointer.committed();
        if (i % 100 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await checkpointer.stop();
      const check = new BetterSqlite3(file, { readonly: true });
      try {
        expect(check.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 2_000 });
        expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
      } finally {
        check.close();
      }
    } finally {
      await checkpointer.stop();
      sqlite.close();
      remove();
    }
  });
});
