// Weighs the JavaScript each route loads (gzipped) from the Vite manifest and fails past the budget:
// the first route (home) at most 170 KB, any route at most 300 KB. Prints a table and one JSON line.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const BUDGET_KB = { firstRoute: 170, anyRoute: 300 };

const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const gzipSize = new Map();
function weigh(file) {
  if (!gzipSize.has(file))
    gzipSize.set(file, gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipSize.get(file);
}

/** The chunk files a manifest entry loads before it runs: itself and its static imports. */
function closure(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(entry.file)) return seen;
  seen.add(entry.file);
  for (const dep of entry.imports ?? []) closure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const localeKey = Object.keys(manifest).find((k) => k.endsWith('i18n/locales/en.json'));
const pagesPackKey = Object.keys(manifest).find((k) => k.endsWith('i18n/locales/pages/en.json'));
const base = closure(entryKey);
if (localeKey) closure(localeKey, base); // the default language pack loads before the first render

const pages = Object.keys(manifest).filter((k) => /src\/pages\/.+\/page\.tsx$/.test(k));
const routes = pages.map((key) => {
  const files = closure(key, new Set(base));
  // Every page but home waits for the pages pack of the language too (app/lazy-page.tsx).
  if (pagesPackKey && key !== 'src/pages/index/index/page.tsx') closure(pagesPackKey, files);
  const bytes = [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + weigh(f), 0);
  return {
    page: key.replace(/^src\/pages\//, '').replace(/\/page\.tsx$/, ''),
    kb: +(bytes / 1024).toFixed(1),
  };
});
routes.sort((a, b) => b.kb - a.kb);

const first = routes.find((r) => r.page === 'index/index');
const heaviest = routes[0];
const problems = [];
if (!first)
  problems.push(
    'the home page chunk (src/pages/index/index/page.tsx) is missing from the manifest',
  );
else if (first.kb > BUDGET_KB.firstRoute)
  problems.push(`first route ${first.kb} KB > ${BUDGET_KB.firstRoute} KB`);
for (const r of routes)
  if (r.kb > BUDGET_KB.anyRoute) problems.push(`${r.page} ${r.kb} KB > ${BUDGET_KB.anyRoute} KB`);

console.log('\nJavaScript per route (gzipped, entry + page + static imports):');
for (const r of routes) console.log(`  ${String(r.kb).padStart(7)} KB  ${r.page}`);
console.log(
  JSON.stringify({
    firstRouteKb: first?.kb ?? null,
    heaviestRoute: heaviest,
    budgetKb: BUDGET_KB,
    routes: routes.length,
  }),
);
if (problems.length) {
  console.error(`\nBundle budget exceeded:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
