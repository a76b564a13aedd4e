// Bundles the server into dist/main.js: our workspace code inlined, npm dependencies left external.
import { cpSync, readFileSync, rmSync } from 'node:fs';
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
// The content seed (help, announcements, lessons, posters, videos) is read beside the bundle at
// first start: dist/seed, as modules/content/content.seed.ts resolves it from import.meta.url.
rmSync(new URL('./dist/seed', import.meta.url), { recursive: true, force: true });
cpSync(
  new URL('./src/modules/content/seed', import.meta.url),
  new URL('./dist/seed', import.meta.url),
  {
    recursive: true,
  },
);
console.log('built apps/server/dist/main.js (and dist/seed)');
