// `npm run backup`: a consistent copy of the embedded mode's DATA_DIR while the server runs
// (SQLite's online backup of tidemark.db, then every other file: uploads, lesson media, outbox,
// the first operator's file) into DATA_DIR/backups/<UTC time>, or into BACKUP_DIR when set; the
// copy is checked (integrity, ledger) and the report printed as JSON. Exits 1 when the check of
// the copy fails, 2 when there is nothing to back up here. PostgreSQL: docs/operations.md.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfigOrExit } from '../config';
import { backupDataDir } from './backup';

// npm runs workspace scripts in the workspace folder: read DATA_DIR from where it was typed.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
const config = loadConfigOrExit();
if (config.databaseUrl) {
  console.error(
    'DATABASE_URL is set: back up PostgreSQL with pg_dump (docs/operations.md); npm run backup copies the embedded mode.',
  );
  process.exit(2);
}
if (!fs.existsSync(path.join(config.dataDir, 'tidemark.db'))) {
  console.error(`No database in ${config.dataDir}: set DATA_DIR to the server's data folder.`);
  process.exit(2);
}
const into = process.env.BACKUP_DIR ? path.resolve(process.env.BACKUP_DIR) : undefined;
const report = await backupDataDir(config.dataDir, new Date(), into);
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
process.exitCode = report.integrity === 'ok' && report.ledgerOk ? 0 : 1;
