import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOMY_LIMITS, startServer, type TestServer } from '../test/harness';
import { backupDataDir } from './backup';

// The embedded mode's backup (SQLite in DATA_DIR); PostgreSQL is backed up with pg_dump.
const embedded = !process.env.DATABASE_URL;

let server: TestServer;
beforeAll(async () => {
  if (embedded) server = await startServer({ rateLimits: ROOMY_LIMITS });
});
afterAll(() => server?.close());

function usersIn(file: string): string[] {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return (db.prepare('select email from users').all() as { email: string }[]).map((r) => r.email);
  } finally {
    db.close();
  }
}

describe.skipIf(!embedded)('npm run backup (embedded mode)', () => {
  it('copies the database while the server writes, and every other file, then checks the copy', async () => {
    const dataDir = server.config.dataDir;
    const first = await server.register();
    fs.mkdirSync(path.join(dataDir, 'uploads', 'ab'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'uploads', 'ab', 'image.webp'), 'bytes of an image');
    fs.writeFileSync(path.join(dataDir, 'secret-admin.json'), '{}', { mode: 0o600 });
    // Traders keep signing up while the backup runs.
    const during = Promise.all([server.register(), server.register(), server.register()]);
    const report = await backupDataDir(dataDir, new Date(Date.UTC(2026, 10, 25, 1, 2, 3)));
    await during;
    expect(report).toMatchObject({ integrity: 'ok', ledgerOk: true });
    expect(report.backup).toBe(path.join(dataDir, 'backups', '2026-11-25T01-02-03-000Z'));
    expect(report.databaseBytes).toBeGreaterThan(0);
    // The live database files are never copied as files (the WAL would be half a moment).
    expect(fs.existsSync(path.join(report.backup, 'tidemark.db-wal'))).toBe(false);
    const copy = path.join(report.backup, 'tidemark.db');
    expect(usersIn(copy)).toContain(first.email);
    expect(fs.readFileSync(path.join(report.backup, 'uploads', 'ab', 'image.webp'), 'utf8')).toBe(
      'bytes of an image',
    );
    expect(fs.statSync(path.join(report.backup, 'secret-admin.json')).mode & 0o777).toBe(0o600);

    // A later backup holds the later traders, and never copies the backups folder into itself.
    const later = await server.register();
    const second = await backupDataDir(dataDir, new Date(Date.UTC(2026, 10, 25, 2, 0, 0)));
    expect(usersIn(path.join(second.backup, 'tidemark.db'))).toContain(later.email);
    expect(fs.existsSync(path.join(second.backup, 'backups'))).toBe(false);
    // A backup never overwrites another.
    await expect(backupDataDir(dataDir, new Date(Date.UTC(2026, 10, 25, 2, 0, 0)))).rejects.toThrow(
      /not empty/,
    );
  });
});
