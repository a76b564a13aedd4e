import fs from 'node:fs';
import path from 'node:path';
import { loadConfigOrExit } from '../config';
import { openDatabase, type DatabaseHandle } from './database';

/**
 * The database of the configuration (DATA_DIR or DATABASE_URL, as the server reads them), for the
 * command-line tools, migrated by a server of this version. Says what is wrong and exits 2 otherwise.
 */
export async function openConfiguredDatabase(): Promise<DatabaseHandle> {
  // npm runs workspace scripts in the workspace folder: read DATA_DIR from where it was typed.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const config = loadConfigOrExit();
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'tidemark.db'))) {
    console.error(
      `No database in ${config.dataDir}: start the server once, or set DATA_DIR or DATABASE_URL.`,
    );
    process.exit(2);
  }
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const tables = await handle.db.introspection.getTables();
  if (!tables.some((t) => t.name === 'spot_trades')) {
    console.error(
      `${handle.location} is not migrated to this version: start this version of the server once.`,
    );
    await handle.close();
    process.exit(2);
  }
  return handle;
}
