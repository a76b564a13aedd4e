import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The chunks each chunk loads before it runs (itself and its static imports, transitively),
 * read from the bundle just before Vite writes the preload lists of dynamic imports.
 */
const loadedBefore = new Map<string, Set<string>>();
function staticClosures(): Plugin {
  return {
    name: 'tidemark:static-closures',
    generateBundle(_options, bundle) {
      const imports = new Map<string, readonly string[]>();
      for (const [file, output] of Object.entries(bundle))
        if (output.type === 'chunk') imports.set(file, output.imports);
      const closure = (file: string, seen = new Set<string>()): Set<string> => {
        if (seen.has(file)) return seen;
        seen.add(file);
        for (const dep of imports.get(file) ?? []) closure(dep, seen);
        return seen;
      };
      loadedBefore.clear();
      for (const file of imports.keys()) loadedBefore.set(file, closure(file));
    },
  };
}

/** Home (the first route), and the parts it renders lazily at once or just after its first paint. */
const HOME_PAGE = /[\\/]src[\\/]pages[\\/]index[\\/]index[\\/]page\.tsx$/;
/**
 * What home imports lazily and shows just after its first paint (below the fold). The mailbox
 * (also lazy, after the first paint) stays a chunk of its own: a visitor has none.
 */
const HOME_LATER = /[\\/]pages[\\/]index[\\/]index[\\/]below-fold\.tsx$/;
const HOME_LAZY =
  /[\\/](?:pages[\\/]index[\\/]index[\\/]below-fold|content[\\/]components[\\/]mail-button)\.tsx$/;
/**
 * The modules of home's first screen (the page, the account card, the market list) and of what
 * comes just after it, outside the app shell: each set becomes one chunk (codeSplitting below)
 * instead of the two dozen tiny shared chunks automatic splitting makes of them, and index.html
 * preloads the first set beside the shell (homePreload), so home loads in one wave.
 */
const homeFirst = new Set<string>();
const homeLater = new Set<string>();
function homeChunks(): Plugin {
  return {
    name: 'tidemark:home-chunks',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const entries = ids.filter((id) => this.getModuleInfo(id)?.isEntry);
      const walk = (from: string[], into: Set<string>, skip: Set<string>, lazy: RegExp | null) => {
        const stack = [...from];
        while (stack.length) {
          const id = stack.pop()!;
          if (into.has(id) || skip.has(id)) continue;
          const info = this.getModuleInfo(id);
          if (!info) continue;
          into.add(id);
          stack.push(...info.importedIds);
          // Home's own lazy parts (not the lazy parts of what they import: a sheet opened on a tap).
          if (lazy && HOME_PAGE.test(id))
            stack.push(...info.dynamicallyImportedIds.filter((d) => !lazy.test(d)));
        }
      };
      // The shell's static closure stays in the app chunk.
      const initial = new Set<string>();
      walk(entries, initial, new Set(), null);
      homeFirst.clear();
      homeLater.clear();
      const home = ids.find((id) => HOME_PAGE.test(id));
      if (!home) return;
      walk([home], homeFirst, initial, HOME_LAZY);
      const later = ids.filter((id) => HOME_LATER.test(id));
      walk(later, homeLater, new Set([...initial, ...homeFirst]), null);
    },
  };
}

/**
 * index.html preloads the chunks of home's first screen with the shell: one wave instead of three
 * (shell, then the page, then the market list). A deep link to another page loads them too (a
 * hash route is not known before the scripts run); they are about a fifth of the first route.
 */
function homePreload(): Plugin {
  return {
    name: 'tidemark:home-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((o) => o.type === 'chunk');
        const named = new Set(
          [...html.matchAll(/(?:src|href)="\.\/([^"]+\.js)"/g)].map((m) => m[1]),
        );
        const files = new Set<string>();
        const add = (file: string) => {
          if (files.has(file) || named.has(file)) return;
          files.add(file);
          const chunk = bundle[file];
          if (chunk?.type === 'chunk') chunk.imports.forEach(add);
        };
        // The chunks holding those modules, and the small wrapper chunk Rolldown makes for a
        // dynamic entry placed in a group (the route imports the page through it).
        // What follows the first paint too (banners, shortcuts): below the fold at 360 x 740 but
        // the largest paint when few pairs rank above it, and one wave later if asked for then.
        for (const chunk of chunks)
          if (
            chunk.moduleIds.some((id) => homeFirst.has(id) || homeLater.has(id)) ||
            (chunk.facadeModuleId !== null && homeFirst.has(chunk.facadeModuleId))
          )
            add(chunk.fileName);
        // Their stylesheets are fetched beside them (without holding up the first paint) and
        // found in the cache when the chunk's import adds them.
        const styles = new Set<string>();
        for (const file of files) {
          const chunk = bundle[file];
          if (chunk?.type === 'chunk')
            chunk.viteMetadata?.importedCss.forEach((css) => styles.add(css));
        }
        return {
          html,
          tags: [
            ...[...files].sort().map((file) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` },
              injectTo: 'head' as const,
            })),
            ...[...styles].sort().map((file) => ({
              tag: 'link',
              attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `./${file}` },
              injectTo: 'head' as const,
            })),
          ],
        };
      },
    },
  };
}

/**
 * Writes .vite/language-packs.json: for each language, the chunk files its core pack
 * (packages/i18n/locales/<code>.json) loads, the chunk holding it first. The server preloads the
 * visitor's with index.html and the budget check counts the default one; the manifest names a
 * pack only when it heads a chunk of its own (English and Chinese share theirs with the error
 * catalogue).
 */
function languagePacks(): Plugin {
  return {
    name: 'tidemark:language-packs',
    apply: 'build',
    generateBundle(_options, bundle) {
      const packs: Record<string, string[]> = {};
      const add = (file: string, files: string[]) => {
        if (files.includes(file)) return;
        files.push(file);
        const chunk = bundle[file];
        if (chunk?.type === 'chunk') for (const dep of chunk.imports) add(dep, files);
      };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of chunk.moduleIds) {
          const code = /[\\/]i18n[\\/]locales[\\/]([a-z]+)\.json$/.exec(id)?.[1];
          if (code) add(chunk.fileName, (packs[code] = []));
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/language-packs.json',
        source: `${JSON.stringify(packs, null, 2)}\n`,
      });
    },
  };
}

const server = process.env.TIDEMARK_API ?? 'http://localhost:8080';
// The first segment of every API path (spec/endpoints.tsv), sent to the server in development.
const apiPrefixes = [
  '/common',
  '/user',
  '/api',
  '/copy',
  '/wallet',
  '/userMoney',
  '/userAddress',
  '/userUpload',
  '/userMsg',
  '/coinorder',
  '/currencyorder',
  '/periodsorder',
  '/periods',
  '/contractorder',
  '/kefu',
  '/loancurrencyorder',
  '/team',
  '/novicecenter',
  '/console/api',
  '/healthz',
];

export default defineConfig({
  base: './',
  plugins: [react(), homeChunks(), staticClosures(), homePreload(), languagePacks()],
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 400,
    // Read by scripts/check-budget.mjs to weigh each route's chunks.
    manifest: true,
    rolldownOptions: {
      // A dynamic entry merged into a group (home's page and market list) is imported from the
      // group's chunk itself, not through a wrapper chunk of its own (one request less each).
      preserveEntrySignatures: false,
      output: {
        // Everything the app shell loads before the first page is one chunk: a few dozen tiny
        // chunks cost a request and its headers each, more than their bytes.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            // Rolldown's module runtime is needed by every chunk: one request less as part of the app.
            { name: 'app', test: /rolldown[\\/]runtime/ },
            { name: 'home', test: (id) => homeFirst.has(id) },
            { name: 'home-later', test: (id) => homeLater.has(id) },
          ],
        },
      },
    },
    modulePreload: {
      // A page's preload list leaves out what the importing chunk has already loaded (the app
      // shell's own imports): the entry chunk carries one list per route, so this keeps the first
      // route light without adding a round trip to any page.
      resolveDependencies: (_file, deps, { hostId, hostType }) => {
        const loaded = hostType === 'js' ? loadedBefore.get(hostId) : undefined;
        return loaded ? deps.filter((dep) => !loaded.has(dep)) : deps;
      },
    },
  },
  define: {
    // The server's NEWSIGN_SECRET, when it is not the default, is baked into the build.
    'import.meta.env.VITE_NEWSIGN_SECRET': JSON.stringify(process.env.NEWSIGN_SECRET ?? ''),
  },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(apiPrefixes.map((p) => [p, { target: server, changeOrigin: true }])),
      '/ws': { target: server.replace(/^http/, 'ws'), ws: true },
    },
  },
});
