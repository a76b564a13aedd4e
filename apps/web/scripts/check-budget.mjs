// Weighs the JavaScript each route makes the browser download, as the server sends it: the brotli
// copy scripts/precompress.mjs wrote beside a file (the plain file where there is none). Fails past
// the budget: home, the first route, at most BUDGET_KB.firstRoute; any route at most
// BUDGET_KB.anyRoute. Prints a table and one JSON line, and writes the files home loads to
// dist/.vite/budget.json: the browser test (e2e/journeys/screens.test.ts) checks that Chromium
// downloads exactly those for home and weighs them with HTTP headers included.
//
// What a route loads: the scripts index.html names (the app chunk), the default language pack,
// the page chunk and its static imports; every page but home also waits for the pages pack of the
// language (app/lazy-page.tsx). Home renders each part it imports lazily at once (the market beside
// the page, what is below the fold just after the first paint), so they count for home too.
import fs from 'node:fs';
import path from 'node:path';

export const BUDGET_KB = { firstRoute: 162, anyRoute: 300 };
const HOME_PAGE = 'src/pages/index/index/page.tsx';

const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
// Home's page module lives in the `home` chunk vite.config.ts groups it into; the manifest names
// a module only when it heads a chunk of its own.
const HOME = manifest[HOME_PAGE]
  ? HOME_PAGE
  : Object.keys(manifest).find((k) => manifest[k].name === 'home' && k.endsWith('.js'));
const keyOfFile = new Map(Object.entries(manifest).map(([key, entry]) => [entry.file, key]));

const sentSize = new Map();
/** Bytes of the body the server sends to a browser that accepts brotli. */
function weigh(file) {
  if (!sentSize.has(file)) {
    const full = path.join(dist, file);
    const br = `${full}.br`;
    sentSize.set(file, fs.statSync(fs.existsSync(br) ? br : full).size);
  }
  return sentSize.get(file);
}

/** The chunk files a manifest entry loads before it runs: itself and its static imports. */
function closure(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(entry.file)) return seen;
  seen.add(entry.file);
  for (const dep of entry.imports ?? []) closure(dep, seen);
  return seen;
}

// The scripts of index.html (module scripts and module preloads), read as the browser reads them.
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const base = new Set();
for (const [, src] of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\.?\/?([^"]+\.js)"/g)) {
  const key = keyOfFile.get(src);
  if (key) closure(key, base);
  else base.add(src);
}
const pagesPackKey = Object.keys(manifest).find((k) => k.endsWith('i18n/locales/pages/en.json'));
// The default language pack loads before the first render: the chunks vite.config.ts lists for
// it (the manifest names it only when it heads a chunk of its own).
const packs = JSON.parse(fs.readFileSync(path.join(dist, '.vite/language-packs.json'), 'utf8'));
for (const file of packs.en ?? []) closure(keyOfFile.get(file), base);
if (!packs.en?.length) console.error('no English core pack in .vite/language-packs.json');

const kb = (bytes) => +(bytes / 1024).toFixed(1);
const scriptBytes = (files) =>
  [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + weigh(f), 0);

const pages = Object.keys(manifest).filter((k) => /src\/pages\/.+\/page\.tsx$/.test(k));
if (HOME && HOME !== HOME_PAGE) pages.push(HOME);
let homeFiles = null;
const routes = pages.map((key) => {
  const files = new Set(base);
  if (key === HOME) {
    closure(key, files);
    // Home's lazy parts: what the chunks of its page import lazily (vite.config.ts gathers the
    // page with its market list into one chunk, and what comes after the first paint into another).
    const shell = new Set();
    for (const [, src] of html.matchAll(/<script\b[^>]*?src="\.?\/?([^"]+\.js)"/g))
      closure(keyOfFile.get(src), shell);
    for (const file of [...closure(key)].filter((f) => !shell.has(f)))
      for (const lazy of manifest[keyOfFile.get(file)]?.dynamicImports ?? []) closure(lazy, files);
    homeFiles = files;
  } else {
    closure(key, files);
    if (pagesPackKey) closure(pagesPackKey, files);
  }
  return {
    page:
      key === HOME ? 'index/index' : key.replace(/^src\/pages\//, '').replace(/\/page\.tsx$/, ''),
    kb: kb(scriptBytes(files)),
  };
});
routes.sort((a, b) => b.kb - a.kb);

const first = routes.find((r) => r.page === 'index/index');
const heaviest = routes[0];
const problems = [];
if (base.size === 0) problems.push('index.html names no script of the manifest');
if (!first) problems.push(`the home page chunk (${HOME_PAGE}) is missing from the manifest`);
else if (first.kb > BUDGET_KB.firstRoute)
  problems.push(`first route ${first.kb} KB > ${BUDGET_KB.firstRoute} KB`);
for (const r of routes)
  if (r.kb > BUDGET_KB.anyRoute) problems.push(`${r.page} ${r.kb} KB > ${BUDGET_KB.anyRoute} KB`);

if (homeFiles) {
  const scripts = [...homeFiles].filter((f) => f.endsWith('.js')).sort();
  fs.writeFileSync(
    path.join(dist, '.vite/budget.json'),
    `${JSON.stringify({ budgetKb: BUDGET_KB, home: { kb: first.kb, scripts } }, null, 2)}\n`,
  );
}

console.log('\nJavaScript per route (as sent, brotli; entry + page + static imports):');
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
