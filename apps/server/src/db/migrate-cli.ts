// `npm run db:migrate`: brings the configured database (DATA_DIR or DATABASE_URL) up to date without
// starting the server. The server does the same at every start; this is for deployments that
// migrate first.
import { loadConfigOrExit } from '../config';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';

async function main(): Promise<void> {
  // npm runs workspace scripts in the workspace folder: read DATA_DIR from where it was typed.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const config = loadConfigOrExit();
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const applied = await migrateToLatest(handle);
    console.log(
      applied.length
        ? `${handle.location}: applied ${applied.join(', ')}`
        : `${handle.location}: already up to date`,
    );
  } finally {
    await handle.close();
  }
}

await main();
