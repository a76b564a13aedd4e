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
  plugins: [react(), staticClosures()],
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 400,
    // Read by scripts/check-budget.mjs to weigh each route's chunks.
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the app shell loads before the first page is one chunk: a few dozen tiny
        // chunks cost a request and its headers each, more than their bytes.
        codeSplitting: {
          groups: [{ name: 'app', tags: ['$initial'] }],
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
