// `npm run settlements:verify`: recomputes the public option settlement chain and every outcome
// from the configured database (DATA_DIR or DATABASE_URL, as the server reads them) and prints the
// report as JSON. Exits 1 at the first broken record, 2 when the configuration is wrong.
import { loadConfig } from '../../config';
import { openConfiguredDatabase } from '../../db/cli-database';
import { verifySettlements } from './options.verify';

const handle = await openConfiguredDatabase();
try {
  const config = loadConfig();
  const report = await verifySettlements(
    handle.db,
    config.options.settleToleranceMs,
    config.market.tickMs,
  );
  process.stdout.write(`${JSON.stringify({ database: handle.location, ...report }, null, 2)}\n`);
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await handle.close();
}
