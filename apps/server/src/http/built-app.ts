import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyStaticOptions } from '@fastify/static';
import { DEFAULT_LANGUAGE, isLanguageCode, languageInfo, type LanguageCode } from '@tidemark/i18n';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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

/** The cookie the web app keeps its language in (beside localStorage), read here for index.html. */
export const LANGUAGE_COOKIE = 'lang';

/** The visitor's language as the app will pick it: the saved one, else the default. */
export function languageOfRequest(cookieHeader: string | undefined): LanguageCode {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE && isLanguageCode(value)) return value;
  }
  return DEFAULT_LANGUAGE;
}

interface Variant {
  plain: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/**
 * The web app's index.html for a language: the build's page with module preloads for the language
 * packs the app loads before its first render (the visitor's, and English as its fallback) and the
 * language and direction on <html>, so the packs come with the shell instead of one round trip
 * after it; and inside #root home's first paint for a visitor in that language, rendered at build
 * time by the app's own components, so home shows before its scripts have arrived (public/theme.js
 * hides it where the app will show something else). Without the build's language packs and first paints
 * the page is served as built.
 */
/**
 * Home's banners in a language, as the banner call answers them (the server's content module), for
 * index.html to carry: the app shows them without a round trip, and theme.js preloads the first
 * image on home, where a banner can be the largest paint.
 */
export type HomeBanners = (lang: LanguageCode) => Promise<readonly { imageUrl: string }[]>;

/** How long a language's banners are reused between index.html answers. */
const BANNERS_FRESH_MS = 2_000;

/** JSON safe inside a <script> element: no "<" (so no "</script>"), no line separators. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export class WebIndex {
  private builtAt = '';
  private variants = new Map<LanguageCode, Variant & { banners: string }>();
  private packs = new Map<string, string[]>();
  private firstPaints: Partial<Record<string, string>> = {};

  constructor(private readonly root: string) {}

  /** `banners`: home's banners in the language as inline JSON ('' for none known). */
  variant(code: LanguageCode, banners = ''): Variant {
    const indexFile = path.join(this.root, 'index.html');
    // The build writes the page first and the first paints a few seconds later: either changing
    // is a new build.
    const builtAt = ['index.html', '.vite/language-packs.json', '.vite/first-paint.json']
      .map((file) => fs.statSync(path.join(this.root, file), { throwIfNoEntry: false })?.mtimeMs)
      .join(' ');
    if (builtAt !== this.builtAt) {
      // A new build: read its page, packs and first paints again.
      this.builtAt = builtAt;
      this.variants.clear();
      this.packs = this.readPacks();
      this.firstPaints = this.readFirstPaints();
    }
    let variant = this.variants.get(code);
    if (!variant || variant.banners !== banners) {
      variant = { ...this.render(fs.readFileSync(indexFile, 'utf8'), code, banners), banners };
      this.variants.set(code, variant);
    }
    return variant;
  }

  /**
   * Each language's core pack: the chunk files it loads (apps/web/vite.config.ts writes them to
   * .vite/language-packs.json).
   */
  private readPacks(): Map<string, string[]> {
    try {
      const file = path.join(this.root, '.vite/language-packs.json');
      const packs = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string[]>;
      return new Map(Object.entries(packs));
    } catch {
      return new Map();
    }
  }

  /** Home's first paint for a visitor in each language (apps/web/scripts/first-paint.mjs). */
  private readFirstPaints(): Partial<Record<string, string>> {
    try {
      const file = path.join(this.root, '.vite/first-paint.json');
      return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
    } catch {
      return {};
    }
  }

  private render(built: string, code: LanguageCode, banners: string): Variant {
    let html = built;
    if (banners) {
      // First in <head>: theme.js, which runs before the rest is parsed, reads it.
      html = html.replace(
        /<head>/,
        () =>
          `<head>\n    <script type="application/json" id="home-banners" data-page-lang="${code}">${banners}</script>`,
      );
    }
    const files = new Set([
      ...(this.packs.get(code) ?? []),
      ...(code === DEFAULT_LANGUAGE ? [] : (this.packs.get(DEFAULT_LANGUAGE) ?? [])),
    ]);
    // What the page preloads already (the module runtime) is not named twice.
    for (const file of files) if (html.includes(`"./${file}"`)) files.delete(file);
    if (files.size > 0) {
      const links = [...files]
        .map((file) => `<link rel="modulepreload" crossorigin href="./${file}">`)
        .join('\n    ');
      html = html.replace('</head>', `  ${links}\n  </head>`);
      const info = languageInfo(code);
      html = html.replace(
        /<html lang="[^"]*" dir="[^"]*"/,
        `<html lang="${info.bcp47}" dir="${info.dir}"`,
      );
    }
    const firstPaint = this.firstPaints[code];
    if (firstPaint && html.includes('<div id="root"></div>')) {
      // The page's language for theme.js, which hides the first paint if the app will differ.
      html = html
        .replace(/<html /, `<html data-lang="${code}" `)
        .replace('<div id="root"></div>', () => `<div id="root">${firstPaint}</div>`);
    }
    const plain = Buffer.from(html);
    return {
      plain,
      br: zlib.brotliCompressSync(plain, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
      }),
      gzip: zlib.gzipSync(plain, { level: 9 }),
      etag: `W/"${crypto.createHash('sha1').update(plain).digest('base64url')}"`,
    };
  }
}

/**
 * GET / and /index.html of the web app (the static files serve the rest; app.ts leaves
 * index.html out of them): compressed as the browser accepts, revalidated like the static files.
 */
export function registerWebIndex(
  fastify: FastifyInstance,
  root: string,
  homeBanners?: HomeBanners,
): void {
  const index = new WebIndex(root);
  const known = new Map<LanguageCode, { json: string; at: number }>();
  const bannersOf = async (code: LanguageCode): Promise<string> => {
    if (!homeBanners) return '';
    const cached = known.get(code);
    if (cached && performance.now() - cached.at < BANNERS_FRESH_MS) return cached.json;
    try {
      const json = inlineJson(await homeBanners(code));
      known.set(code, { json, at: performance.now() });
      return json;
    } catch (error) {
      // The page without them: the app asks for them itself.
      fastify.log.warn({ err: error }, 'home banners for index.html failed');
      return '';
    }
  };
  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    const code = languageOfRequest(request.headers.cookie);
    const variant = index.variant(code, await bannersOf(code));
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', REVALIDATE_CACHE)
      .header('vary', 'accept-encoding, cookie')
      .header('etag', variant.etag);
    if (request.headers['if-none-match'] === variant.etag) return reply.code(304).send();
    const accepts = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(variant.br);
    if (/\bgzip\b/.test(accepts))
      return reply.header('content-encoding', 'gzip').send(variant.gzip);
    return reply.send(variant.plain);
  };
  fastify.get('/', answer);
  fastify.get('/index.html', answer);
}
