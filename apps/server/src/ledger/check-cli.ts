// `npm run ledger:check`: verifies the ledger's invariants and the holds over the configured
// database (DATA_DIR or DATABASE_URL, as the server reads them) and prints the report as JSON.
// Exits 1 when something is wrong, 2 when the configuration is.
import { openConfiguredDatabase } from '../db/cli-database';
import { checkPlatform } from './check';

const handle = await openConfiguredDatabase();
try {
  const report = await checkPlatform(handle.db);
  process.stdout.write(`${JSON.stringify({ database: handle.location, ...report }, null, 2)}\n`);
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await handle.close();
}
