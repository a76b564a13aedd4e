// `npm run ledger:check`: verifies the ledger's invariants over the configured database (DATA_DIR or
// DATABASE_URL, as the server reads them) and prints the report as JSON. Exits 1 when something is
// wrong, 2 when the configuration is.
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { checkPlatform } from './check';

async function main(): Promise<void> {
  // npm runs workspace scripts in the workspace folder: read DATA_DIR from where it was typed.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'tidemark.db'))) {
    console.error(
      `No database in ${config.dataDir}: start the server once, or set DATA_DIR or DATABASE_URL.`,
    );
    process.exit(2);
  }
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const tables = await handle.db.introspection.getTables();
    if (!tables.some((t) => t.name === 'ledger_entries')) {
      console.error(
        `${handle.location} has no ledger yet: start this version of the server once to migrate it.`,
      );
      process.exitCode = 2;
      return;
    }
    const report = await checkPlatform(handle.db);
    process.stdout.write(`${JSON.stringify({ database: handle.location, ...report }, null, 2)}\n`);
    process.exitCode = report.ok ? 0 : 1;
  } finally {
    await handle.close();
  }
}

await main();
