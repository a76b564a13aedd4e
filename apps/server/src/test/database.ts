import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { migrateToLatest } from '../db/migrate';

export interface FreshDatabase {
  /** postgres://... of the fresh database, or undefined on SQLite. */
  url: string | undefined;
  /** A DATA_DIR of its own (the SQLite file lives there). */
  dataDir: string;
  drop(): Promise<void>;
}

/**
 * A database no other test touches: on PostgreSQL (DATABASE_URL set) a new database on that server,
 * dropped afterwards; otherwise a fresh SQLite file in a temporary DATA_DIR.
 */
export async function freshDatabase(): Promise<FreshDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-test-'));
  const base = process.env.DATABASE_URL;
  if (!base) {
    return {
      url: undefined,
      dataDir,
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `tidemark_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dataDir,
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      // pg's pool.end() resolves before its connections have gone: wait briefly for them rather
      // than killing them, which would surface as connection errors in the closed server.
      for (let attempt = 0; ; attempt += 1) {
        try {
          await client.query(
            `drop database if exists ${name}${attempt < 40 ? '' : ' with (force)'}`,
          );
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt >= 40) throw error;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      }
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A migrated database handle on a fresh database, for tests below the HTTP layer. */
export async function migratedDatabase(): Promise<{
  handle: DatabaseHandle;
  close(): Promise<void>;
}> {
  const fresh = await freshDatabase();
  const handle = openDatabase({ databaseUrl: fresh.url, dataDir: fresh.dataDir });
  await migrateToLatest(handle);
  return {
    handle,
    async close() {
      await handle.close();
      await fresh.drop();
    },
  };
}
