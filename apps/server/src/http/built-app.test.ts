import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { contentCalls } from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../test/harness';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE } from './built-app';

/** The build's last step (apps/web and apps/console package.json): the .br and .gz copies. */
const PRECOMPRESS = path.resolve(import.meta.dirname, '../../../../scripts/precompress.mjs');

/** A built app's files, before the build compresses them. */
function writeBuild(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
}

const SCRIPT = `export const rows = [${Array.from({ length: 200 }, (_, i) => `'row ${i}'`).join(', ')}];`;
const WEB_INDEX =
  '<!doctype html><title>Tidemark</title><script type="module" src="./assets/index-abc123.js"></script>';
const CONSOLE_INDEX = '<!doctype html><title>Tidemark console</title>';

describe('serving the built apps precompressed', () => {
  let server: TestServer;
  let root: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-built-'));
    writeBuild(path.join(root, 'web'), {
      'index.html': WEB_INDEX,
      'assets/index-abc123.js': SCRIPT,
      'logo.svg':
        '<svg xmlns="http://www.w3.org/2000/svg"><title>logo of the web app</title></svg>',
    });
    // An image is never compressed at build time: only the plain file exists.
    fs.writeFileSync(path.join(root, 'web', 'assets', 'photo-abc123.png'), Buffer.from([1, 2, 3]));
    writeBuild(path.join(root, 'console'), {
      'index.html': CONSOLE_INDEX,
      'assets/index-def456.js': SCRIPT,
    });
    execFileSync(process.execPath, [
      PRECOMPRESS,
      path.join(root, 'web'),
      path.join(root, 'console'),
    ]);
    server = await startServer({
      env: { WEB_DIST: path.join(root, 'web'), CONSOLE_DIST: path.join(root, 'console') },
    });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    server.fastify.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('answers a hashed bundle in brotli with a year of immutable caching', async () => {
    for (const url of ['/assets/index-abc123.js', '/console/assets/index-def456.js']) {
      const response = await get(url, 'gzip, deflate, br, zstd');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toMatch(/javascript/);
      expect(response.headers['cache-control'], url).toBe(IMMUTABLE_CACHE);
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(response.rawPayload.length, url).toBeLessThan(SCRIPT.length / 3);
      expect(zlib.brotliDecompressSync(response.rawPayload).toString(), url).toBe(SCRIPT);
    }
  });

  it('answers gzip to a browser without brotli, and the plain file to one without either', async () => {
    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    expect(gz.headers['cache-control']).toBe(IMMUTABLE_CACHE);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('answers index.html compressed and never cached without revalidation', async () => {
    for (const [url, html] of [
      ['/', WEB_INDEX],
      ['/index.html', WEB_INDEX],
      ['/console/', CONSOLE_INDEX],
    ] as const) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['cache-control'], url).toBe(REVALIDATE_CACHE);
      expect(zlib.brotliDecompressSync(response.rawPayload).toString(), url).toBe(html);
    }
    const logo = await get('/logo.svg', 'br');
    expect(logo.headers['content-type']).toMatch(/^image\/svg/);
    expect(logo.headers['cache-control']).toBe(REVALIDATE_CACHE);
  });

  it('serves a file that has no compressed copy as it is', async () => {
    // The build compresses text only: an image is compressed already.
    expect(fs.readdirSync(path.join(root, 'web', 'assets')).sort()).toEqual([
      'index-abc123.js',
      'index-abc123.js.br',
      'index-abc123.js.gz',
      'photo-abc123.png',
    ]);
    const photo = await get('/assets/photo-abc123.png', 'br, gzip');
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-encoding']).toBeUndefined();
    expect(photo.headers['content-type']).toBe('image/png');
    expect([...photo.rawPayload]).toEqual([1, 2, 3]);
  });

  it('gives the compressed copies no address of their own', async () => {
    for (const url of ['/assets/index-abc123.js.br', '/index.html.gz']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-encoding'], url).toBeUndefined();
    }
    // Below /console an unknown path is a page of the console's router: its index answers.
    const copy = await get('/console/assets/index-def456.js.br', 'br');
    expect(copy.headers['content-type']).toMatch(/^text\/html/);
    expect(copy.body).toBe(CONSOLE_INDEX);
  });
});

describe("the web app's index.html per language", () => {
  let server: TestServer;
  let root: string;
  const INDEX =
    '<!doctype html>\n<html lang="en" dir="ltr" data-theme="dark">\n  <head>\n    <title>Tidemark</title>\n    <link rel="modulepreload" crossorigin href="./assets/runtime-eee.js">\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-index-'));
    // The chunks each core pack loads (apps/web/vite.config.ts), English with a chunk it imports
    // and the module runtime the page names already.
    const packs = {
      en: ['assets/en-aaa.js', 'assets/en-bbb.js', 'assets/runtime-eee.js'],
      ar: ['assets/ar-ccc.js'],
    };
    // Home's first paint for a visitor, per language (apps/web/scripts/first-paint.mjs).
    const firstPaints = {
      en: '<div class="app-column" data-first-paint=""><strong>Welcome</strong></div>',
      ar: '<div class="app-column" data-first-paint=""><strong>مرحبا $&</strong></div>',
    };
    writeBuild(root, {
      'index.html': INDEX,
      '.vite/language-packs.json': JSON.stringify(packs),
      '.vite/first-paint.json': JSON.stringify(firstPaints),
      'assets/en-aaa.js': SCRIPT,
    });
    execFileSync(process.execPath, [PRECOMPRESS, root]);
    server = await startServer({
      env: { WEB_DIST: root, CONSOLE_DIST: path.join(root, 'no-console') },
    });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const page = (cookie?: string) =>
    server.fastify.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) },
    });
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="\.\/([^"]+)">/g)]
      .map((m) => m[1])
      .filter((file) => file !== 'assets/runtime-eee.js');

  it('preloads the default language pack for a new visitor', async () => {
    const named = (html: string) => html.split('href="./assets/runtime-eee.js"').length - 1;
    const response = await page();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe(REVALIDATE_CACHE);
    expect(response.headers.vary).toMatch(/cookie/);
    const html = zlib.brotliDecompressSync(response.rawPayload).toString();
    expect(preloads(html)).toEqual(['assets/en-aaa.js', 'assets/en-bbb.js']);
    // A file the page preloads already is not named twice.
    expect(named(html)).toBe(1);
    expect(html).toContain('<html data-lang="en" lang="en" dir="ltr" data-theme="dark">');
    // Home's first paint in the page's language, inside the app's root.
    expect(html).toContain(
      '<div id="root"><div class="app-column" data-first-paint=""><strong>Welcome</strong></div></div>',
    );
  });

  it("preloads the saved language's pack and English, right to left for Arabic", async () => {
    const response = await page('theme=light; lang=ar');
    const html = zlib.brotliDecompressSync(response.rawPayload).toString();
    expect(preloads(html)).toEqual(['assets/ar-ccc.js', 'assets/en-aaa.js', 'assets/en-bbb.js']);
    expect(html).toContain('<html data-lang="ar" lang="ar" dir="rtl" data-theme="dark">');
    // Inserted as it is (a "$&" in a text is not a replacement pattern).
    expect(html).toContain('<strong>مرحبا $&</strong>');
    // A language that does not exist is the default's page.
    const unknown = await page('lang=xx');
    expect(preloads(zlib.brotliDecompressSync(unknown.rawPayload).toString())).toEqual([
      'assets/en-aaa.js',
      'assets/en-bbb.js',
    ]);
  });

  it('answers 304 to a browser holding the same page', async () => {
    const first = await page('lang=ar');
    const again = await server.fastify.inject({
      method: 'GET',
      url: '/index.html',
      headers: { cookie: 'lang=ar', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const english = await server.fastify.inject({
      method: 'GET',
      url: '/',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('lang="en"');
  });

  it('sends the first paints of a new build as soon as they are written', async () => {
    const before = zlib.brotliDecompressSync((await page()).rawPayload).toString();
    expect(before).toContain('<strong>Welcome</strong>');
    const file = path.join(root, '.vite/first-paint.json');
    const paints = { en: '<div class="app-column" data-first-paint=""><b>Hello</b></div>' };
    fs.writeFileSync(file, JSON.stringify(paints));
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(file, later, later);
    const after = zlib.brotliDecompressSync((await page()).rawPayload).toString();
    expect(after).toContain(
      '<div id="root"><div class="app-column" data-first-paint=""><b>Hello</b></div></div>',
    );
  });

  it("carries home's banners in the page's language, safe inside their script element", async () => {
    const inPage = (html: string) => {
      const found =
        /<script type="application\/json" id="home-banners" data-page-lang="([a-z]+)">(.*?)<\/script>/.exec(
          html,
        );
      return found && { lang: found[1], banners: JSON.parse(found[2]!) as { title: string }[] };
    };
    // A French banner whose title would end the element if it were written as it is.
    const title = 'Bonus </script><script>alert(1)</script> & more';
    await server.app.db
      .insertInto('banners')
      .values({
        banner_type: 1n,
        title,
        image_url: '/banners/fr.svg',
        link: '',
        sort: 0n,
        active: 1n,
        created_at: 0n,
        lang: 'fr',
      })
      .execute();
    const french = zlib.brotliDecompressSync((await page('lang=fr')).rawPayload).toString();
    // One element, first in <head> (theme.js reads it before the rest is parsed).
    expect(french.split('id="home-banners"')).toHaveLength(2);
    expect(french.indexOf('id="home-banners"')).toBeLessThan(french.indexOf('<title>'));
    expect(french).not.toContain('</script><script>alert');
    const shown = (await server.call(contentCalls.findByBannerList, { bannerType: 1, lang: 'fr' }))
      .data;
    expect(inPage(french)).toEqual({ lang: 'fr', banners: shown });
    expect(shown.map((b) => b.title)).toContain(title);
    // English visitors get the English (seeded) banners, as the call answers them.
    const english = zlib.brotliDecompressSync((await page()).rawPayload).toString();
    expect(inPage(english)).toEqual({
      lang: 'en',
      banners: (await server.call(contentCalls.findByBannerList, { bannerType: 1, lang: 'en' }))
        .data,
    });
  });

  it('sends a language without a first paint (or pack) with an empty root', async () => {
    const response = await page('lang=de');
    const html = zlib.brotliDecompressSync(response.rawPayload).toString();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('data-lang');
  });
});
