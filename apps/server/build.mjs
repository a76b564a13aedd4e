// Bundles the server into dist/main.js: our workspace code inlined, npm dependencies left external.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@tidemark/'));

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  define: { __TIDEMARK_BUILD_TIME__: String(Date.now()) },
  logLevel: 'warning',
});
console.log('built apps/server/dist/main.js');
