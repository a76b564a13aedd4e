// Type-checks every workspace with its own tsconfig (they share tsconfig.base.json).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const projects = [
  'packages/contract',
  'packages/i18n',
  'apps/server',
  'apps/web',
  'apps/console',
  'e2e',
  'bench',
];
let failed = false;
for (const project of projects) {
  const result = spawnSync('npx', ['tsc', '--noEmit', '-p', project], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
