// Renders home's first paint for a visitor in every language with the app's own components
// (src/app/first-paint.tsx, built for Node here) and writes dist/.vite/first-paint.json, which
// the server puts inside index.html for the visitor's language (apps/server/src/http/built-app.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-first-paint-'));
try {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [react()],
    define: { 'import.meta.env.VITE_NEWSIGN_SECRET': JSON.stringify('') },
    // Everything bundled: the stylesheets the components import are the browser's, not Node's.
    ssr: { noExternal: true },
    build: {
      ssr: 'src/app/first-paint.tsx',
      outDir,
      emptyOutDir: true,
      target: 'node20',
      rolldownOptions: {
        // Home is imported here directly, lazily by the routes: expected in this build.
        onLog(level, log, handler) {
          if (log.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') handler(level, log);
        },
      },
    },
  });
  const entry = fs.readdirSync(outDir).find((file) => /^first-paint\.m?js$/.test(file));
  if (!entry) throw new Error(`no first-paint bundle in ${outDir}`);
  const { renderFirstPaints } = await import(pathToFileURL(path.join(outDir, entry)).href);
  const paints = await renderFirstPaints();
  const file = path.join(root, 'dist/.vite/first-paint.json');
  fs.writeFileSync(file, `${JSON.stringify(paints)}\n`);
  const sizes = Object.values(paints).map((html) => html.length);
  console.log(
    `first paint of home in ${sizes.length} languages: ${Math.min(...sizes)}-${Math.max(...sizes)} characters each`,
  );
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}
