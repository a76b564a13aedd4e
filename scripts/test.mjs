// `npm test`: every check, in order of speed, stopping at the first failure:
// formatting, lint, types, unit and API tests (SQLite; PostgreSQL too when DATABASE_URL is set),
// the production build with its size budget, then the browser journeys on that build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${title} failed (${seconds}s)`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${title} (${seconds}s)`);
}

/** The browser tests need Debian's chromium; install it when we can, say how when we cannot. */
function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const packages = ['chromium', 'fonts-wqy-microhei', 'fonts-noto-core'];
  if (!isRoot) {
    console.error(
      `Chromium is missing. Install it with:\n  sudo apt-get install -y ${packages.join(' ')}`,
    );
    process.exit(1);
  }
  run('Installing chromium and fonts (apt-get)', 'sh', [
    '-c',
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(' ')}`,
  ]);
}

run('Formatting (prettier)', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']);
run('Lint (eslint)', 'npx', ['eslint', '.', '--max-warnings', '0']);
run('Types (tsc)', 'node', ['scripts/typecheck.mjs']);
run('Unit and API tests (vitest)', 'npx', ['vitest', 'run']);
run('Production build and size budget', 'npm', ['run', 'build']);
ensureChromium();
run('Browser journeys (playwright-core + chromium)', 'npm', ['run', 'test:e2e']);
console.log('\nAll checks passed.');
