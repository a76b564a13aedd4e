import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { consoleCalls, moneyCalls, uploadCalls, userCalls } from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consoleLogin,
  initialAdmin,
  newTrader,
  requestDeposit,
} from '../modules/console/console.test-support';
import { startServer, type TestServer } from '../test/harness';
import { documentCsp, NON_DOCUMENT_CSP } from './security-headers';

/** Issue 11 "browser security": the headers of the apps, the API and uploaded images. */

let server: TestServer;
let root: string;
beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-headers-'));
  for (const app of ['web', 'console']) {
    fs.mkdirSync(path.join(root, app), { recursive: true });
    fs.writeFileSync(
      path.join(root, app, 'index.html'),
      `<!doctype html><title>${app}</title><script src="./theme.js"></script>`,
    );
    fs.writeFileSync(path.join(root, app, 'theme.js'), 'void 0;');
  }
  server = await startServer({
    env: { WEB_DIST: path.join(root, 'web'), CONSOLE_DIST: path.join(root, 'console') },
  });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const BASE = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

function expectBase(response: Response, what: string): void {
  for (const [name, value] of Object.entries(BASE))
    expect(response.headers.get(name), `${what}: ${name}`).toBe(value);
}

/** The directives of a Content-Security-Policy header. */
function directives(header: string | null): Record<string, string> {
  return Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources.join(' ')]),
  );
}

describe('the apps’ pages', () => {
  it.each([
    ['the trader app', '/'],
    ['the console', '/console/'],
    ['a console page served by its history fallback', '/console/deposits'],
  ])('%s: a CSP without inline scripts, not frameable, and the base headers', async (_n, url) => {
    const response = await fetch(`${server.url}${url}`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expectBase(response, url);
    const csp = directives(response.headers.get('content-security-policy'));
    expect(csp).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'object-src': "'none'",
      'frame-ancestors': "'none'",
      'base-uri': "'self'",
    });
    expect(csp['script-src']).not.toContain('unsafe');
    expect(csp['img-src']).toBe("'self' data: blob:");
    // The websocket on this very host, for browsers that do not count ws: as 'self'.
    const host = new URL(server.url).host;
    expect(csp['connect-src']).toBe(`'self' ws://${host} wss://${host}`);
    // The page's own script file passes the policy: same origin, served as JavaScript.
    const script = await fetch(
      `${server.url}${url.startsWith('/console') ? '/console' : ''}/theme.js`,
    );
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expectBase(script, 'theme.js');
  });

  it('ignores a Host header that is not a host when naming the websocket', () => {
    expect(documentCsp("evil.example; script-src 'unsafe-inline'")).toContain(
      "connect-src 'self';",
    );
    expect(documentCsp('[::1]:8080')).toContain('ws://[::1]:8080 wss://[::1]:8080');
  });
});

describe('everything else', () => {
  it('an API answer: the base headers and a CSP that allows nothing', async () => {
    const response = await server.fetch(userCalls.findUserInfo.path, { method: 'POST' });
    expectBase(response, 'API');
    expect(response.headers.get('content-security-policy')).toBe(NON_DOCUMENT_CSP);
    expect(directives(NON_DOCUMENT_CSP)).toMatchObject({
      'default-src': "'none'",
      'frame-ancestors': "'none'",
    });
  });

  it('an error and a 404: the same headers', async () => {
    for (const response of [
      await server.fetch('/no/such/path', { method: 'POST' }),
      await fetch(`${server.url}/console/api/deposits/${'9'.repeat(500)}/approve`, {
        method: 'POST',
      }),
    ]) {
      expectBase(response, String(response.status));
      expect(response.headers.get('content-security-policy')).toBe(NON_DOCUMENT_CSP);
    }
  });

  it('an uploaded image, to its owner and to an operator', async () => {
    const trader = await newTrader(server);
    await requestDeposit(server, trader, '25');
    const records = await server.call(
      moneyCalls.findByUserRechargePage,
      {},
      { token: trader.token },
    );
    const imageId = records.data.list[0]!.imageId;
    const own = await server.fetch(`${uploadCalls.findUploadImage.path}?id=${imageId}`, {
      headers: { appToken: trader.token },
    });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/jpeg');
    expectBase(own, 'upload');
    expect(own.headers.get('content-security-policy')).toBe(NON_DOCUMENT_CSP);

    const admin = await consoleLogin(server, initialAdmin(server));
    const deposits = await fetch(`${server.url}${consoleCalls.listDeposits.path}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expectBase(deposits, 'console API');
    const list = ((await deposits.json()) as { data: { list: { imageId: number }[] } }).data.list;
    const image = await fetch(
      `${server.url}${consoleCalls.viewUpload.path.replace(':id', String(list[0]!.imageId))}`,
      { headers: { authorization: `Bearer ${admin}` } },
    );
    expect(image.status).toBe(200);
    expectBase(image, 'console upload');
    expect(image.headers.get('content-security-policy')).toBe(NON_DOCUMENT_CSP);
  });
});
