// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of a built app, once
// at build time, so the server (@fastify/static with preCompressed) sends them without compressing
// per request. A copy that would not be smaller is not written: the plain file is served instead.
//   node scripts/precompress.mjs <dist directory> [...]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats a browser sends Accept-Encoding for; images and fonts are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map|wasm|ico)$/i;

/** Every compressible file under `dir`, skipping dot folders (.vite/ is not served). */
function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) yield full;
  }
}

async function compressOne(file) {
  const raw = await fs.promises.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  const sizes = { raw: raw.length, br: raw.length, gz: raw.length };
  for (const [ext, bytes] of [
    ['br', br],
    ['gz', gz],
  ]) {
    const target = `${file}.${ext}`;
    if (bytes.length < raw.length) {
      await fs.promises.writeFile(target, bytes);
      sizes[ext] = bytes.length;
    } else {
      await fs.promises.rm(target, { force: true });
    }
  }
  return sizes;
}

/** Compresses every file of `dist`; answers the totals in bytes. */
export async function precompress(dist) {
  const files = [...walk(dist)];
  const totals = { files: files.length, raw: 0, br: 0, gz: 0 };
  const width = Math.max(1, os.availableParallelism());
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < files.length) {
        const sizes = await compressOne(files[next++]);
        totals.raw += sizes.raw;
        totals.br += sizes.br;
        totals.gz += sizes.gz;
      }
    }),
  );
  return totals;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) {
    console.error('usage: node scripts/precompress.mjs <dist directory> [...]');
    process.exit(2);
  }
  for (const dir of dirs) {
    const dist = path.resolve(dir);
    const t = await precompress(dist);
    const kb = (n) => (n / 1024).toFixed(1);
    process.stdout.write(
      `precompressed ${t.files} files in ${path.relative(process.cwd(), dist) || '.'}: ` +
        `${kb(t.raw)} KB -> br ${kb(t.br)} KB, gzip ${kb(t.gz)} KB\n`,
    );
  }
}
