import path from 'node:path';
import type { FastifyStaticOptions } from '@fastify/static';

/** Cache-Control of a content-hashed bundle under assets/: its name changes with its bytes. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Cache-Control of everything else (index.html first): revalidated, so a new build shows at once. */
export const REVALIDATE_CACHE = 'no-cache';

/** The .br and .gz copies scripts/precompress.mjs writes beside each file of a build. */
const COMPRESSED_COPY = /\.(?:br|gz)$/;

/**
 * How a built app (apps/web/dist, apps/console/dist) is served: the brotli or gzip copy written at
 * build time when the browser accepts it (the plain file otherwise, with Vary: Accept-Encoding),
 * hashed bundles cached for a year and the rest revalidated. The copies are not pages of their own.
 */
export function builtAppOptions(
  root: string,
): Pick<
  FastifyStaticOptions,
  'root' | 'preCompressed' | 'setHeaders' | 'globIgnore' | 'allowedPath'
> {
  const hashedDir = path.join(root, 'assets') + path.sep;
  return {
    root,
    preCompressed: true,
    // With wildcard: false the files are listed once at start: no route for a compressed copy.
    globIgnore: ['**/*.br', '**/*.gz'],
    // With the wildcard route, the same: /x.js.br is not an address.
    allowedPath: (pathname) => !COMPRESSED_COPY.test(pathname),
    // `filePath` is the file actually sent (x.js.br for x.js): its folder decides.
    setHeaders: (reply, filePath) => {
      reply.header(
        'cache-control',
        filePath.startsWith(hashedDir) ? IMMUTABLE_CACHE : REVALIDATE_CACHE,
      );
    },
  };
}
