// `npm start`: builds whatever is missing or older than its sources, then serves everything from one
// process on PORT (8080): the trader app at /, the operator console at /console, the API, and the
// websocket at /ws.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Newest modification time under the given folders (skipping node_modules and dist). */
function newest(dirs) {
  let latest = 0;
  const walk = (dir) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else latest = Math.max(latest, fs.statSync(full).mtimeMs);
    }
  };
  dirs.forEach((d) => walk(path.join(root, d)));
  return latest;
}

function builtAt(file) {
  const full = path.join(root, file);
  return fs.existsSync(full) ? fs.statSync(full).mtimeMs : 0;
}

const shared = ['packages/contract', 'packages/i18n'];
const targets = [
  {
    name: 'web app',
    workspace: '@tidemark/web',
    output: 'apps/web/dist/index.html',
    sources: ['apps/web', ...shared],
  },
  {
    name: 'operator console',
    workspace: '@tidemark/console',
    output: 'apps/console/dist/index.html',
    sources: ['apps/console', ...shared],
  },
  {
    name: 'server',
    workspace: '@tidemark/server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server', ...shared],
  },
];

for (const target of targets) {
  if (builtAt(target.output) >= newest(target.sources)) continue;
  console.log(`Building the ${target.name}...`);
  const result = spawnSync('npm', ['run', 'build', '--workspace', target.workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
