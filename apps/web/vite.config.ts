import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
  plugins: [react()],
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 400,
    // Read by scripts/check-budget.mjs to weigh each route's chunks.
    manifest: true,
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
