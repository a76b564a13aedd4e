import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  allConsoleCalls,
  consoleCalls,
  consoleRequest,
  pathParams,
  roleAllows,
  type ConsoleCallDef,
  type Envelope,
  type OperatorRole,
} from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';
import {
  auditRows,
  consoleCall,
  initialAdmin,
  newOperator,
  totpCode,
  startConsoleServer,
} from './console.test-support';
import { SUPPORT_LIVE_PATH } from '../support/support.live';

const NOT_FOUND = {
  status: '404',
  code: 'notFound',
  enMsg: 'The requested item does not exist',
  cnMsg: expect.any(String),
  data: null,
};

/** "METHOD /path" of each route in Fastify's printRoutes tree (nested lines extend their parent). */
function routesOf(tree: string): string[] {
  const prefixes: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const route = (depth > 0 ? prefixes[depth - 1]! : '') + match[2]!;
    prefixes.length = depth;
    prefixes.push(route);
    for (const method of match[3]?.split(', ') ?? []) routes.push(`${method} ${route}`);
  }
  return routes;
}

/** A request for a call with every path parameter filled with an id that does not exist. */
function emptyRequest(call: ConsoleCallDef) {
  const params = Object.fromEntries(pathParams(call.path).map((name) => [name, 999_999]));
  return consoleRequest(call, params as never);
}

async function send(server: TestServer, call: ConsoleCallDef, token?: string) {
  const request = emptyRequest(call);
  const response = await fetch(`${server.url}${request.url}`, {
    method: request.method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: request.body ?? null,
  });
  return { response, envelope: (await response.json()) as Envelope<unknown> };
}

describe('the operator API routes', () => {
  let server: TestServer;
  let adminToken: string;
  beforeAll(async () => {
    ({ server, admin: adminToken } = await startConsoleServer());
  });
  afterAll(() => server.close());

  it('serves every call of the console contract, each asking for a token but login', async () => {
    expect(allConsoleCalls.length).toBeGreaterThan(30);
    for (const call of allConsoleCalls) {
      const label = `${call.method} ${call.path}`;
      expect(server.fastify.hasRoute({ method: call.method, url: call.path }), label).toBe(true);
      const { response, envelope } = await send(server, call);
      expect(response.status, label).toBeLessThan(500);
      expect(response.status, label).not.toBe(404);
      if (call.roles === 'public') expect(envelope.status, label).toBe('400');
      else expect(envelope, label).toMatchObject({ status: '401', code: 'notLoggedIn' });
    }
  });

  it('serves no /console/api route that is not in the console contract', () => {
    const listed = routesOf(server.fastify.printRoutes({ commonPrefix: false }))
      .filter((r) => !r.startsWith('HEAD '))
      .filter((r) => r.split(' ')[1]!.startsWith('/console/api'));
    // Besides the contract, only the support inbox's socket (no envelope: a websocket).
    const contract = [
      ...allConsoleCalls.map((c) => `${c.method} ${c.path}`),
      `GET ${SUPPORT_LIVE_PATH}`,
    ];
    expect([...listed].sort()).toEqual([...contract].sort());
  });

  it('answers an unknown /console/api path with the 404 envelope', async () => {
    for (const [method, url] of [
      ['GET', '/console/api/nothing'],
      ['POST', '/console/api/nothing'],
      ['GET', '/console/api'],
      ['GET', '/console/api/deposits/1/approve'],
      ['DELETE', '/console/api/deposits'],
    ] as const) {
      const response = await fetch(`${server.url}${url}`, {
        method,
        headers: { accept: 'text/html', authorization: `Bearer ${adminToken}` },
      });
      expect(response.status, `${method} ${url}`).toBe(404);
      expect(await response.json()).toEqual(NOT_FOUND);
    }
  });

  it('asks for no newsign and no appToken, and takes JSON bodies', async () => {
    const me = await consoleCall(server, consoleCalls.me, {}, { token: adminToken });
    expect(me).toMatchObject({ status: 1, data: { role: 'admin' } });
    const bad = await fetch(`${server.url}/console/api/operators`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: '{',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ status: '400', code: 'invalidInput' });
  });

  it("answers 403 forbidden for every call outside the caller's role, and changes nothing", async () => {
    const tokens: Record<Exclude<OperatorRole, 'admin'>, string> = {
      reviewer: (await newOperator(server, adminToken, 'reviewer')).token,
      support: (await newOperator(server, adminToken, 'support')).token,
    };
    const auditBefore = (await auditRows(server)).length;
    for (const [role, token] of Object.entries(tokens) as [OperatorRole, string][]) {
      for (const call of allConsoleCalls) {
        if (call.roles === 'public' || call === consoleCalls.logout) continue;
        const label = `${role} ${call.method} ${call.path}`;
        const { envelope } = await send(server, call, token);
        if (roleAllows(call, role)) expect(envelope.status, label).not.toBe('403');
        else
          expect(envelope, label).toEqual({
            status: '403',
            code: 'forbidden',
            enMsg: 'Your role does not allow this action',
            cnMsg: expect.any(String),
            data: null,
          });
      }
    }
    // Only the allowed ledger check wrote a row (as the reviewer); no refused call did.
    const added = (await auditRows(server)).slice(
      0,
      (await auditRows(server)).length - auditBefore,
    );
    expect(added.map((r) => r.action)).toEqual(['ledger.check']);
  });
});

describe('the console login request limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({
      rateLimits: {
        ...ROOMY_LIMITS,
        login: {
          perIp: { max: 3, windowMs: 60_000 },
          perAccount: { max: 100, windowMs: 60_000 },
        },
      },
    });
  });
  afterAll(() => server.close());

  it('refuses more login requests from one address than the limit, right or wrong', async () => {
    const admin = initialAdmin(server);
    for (let i = 0; i < 3; i++) {
      const answer = await consoleCall(server, consoleCalls.login, {
        username: `someone.${i}`,
        password: 'Whatever2026x',
        totp: '000000',
      });
      expect(answer.code).toBe('loginFailed');
    }
    const response = await fetch(`${server.url}/console/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: admin.username,
        password: admin.password,
        totp: totpCode(admin.totpSecret, server.clock.now()),
      }),
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await response.json()).toMatchObject({ status: '429', code: 'tooManyRequests' });
  });
});

describe('serving the console app', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-console-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Tidemark console</title>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("console");');
    fs.writeFileSync(path.join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    server = await startServer({ env: { CONSOLE_DIST: dist } });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers /console and every page under it with the index (history fallback)', async () => {
    for (const url of [
      '/console',
      '/console/',
      '/console/deposits',
      '/console/users/12?tab=books',
    ]) {
      const response = await fetch(`${server.url}${url}`, { headers: { accept: 'text/html' } });
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control'), url).toBe('no-cache');
      expect(await response.text(), url).toContain('Tidemark console');
    }
  });

  it('serves the built files, hashed bundles as immutable', async () => {
    const script = await fetch(`${server.url}/console/assets/index-abc123.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const logo = await fetch(`${server.url}/console/logo.svg`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toMatch(/^image\/svg/);
  });

  it('still answers the API, and its unknown paths, with envelopes', async () => {
    const unknown = await fetch(`${server.url}/console/api/nothing`, {
      headers: { accept: 'text/html' },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual(NOT_FOUND);
    const me = await fetch(`${server.url}/console/api/me`);
    expect(await me.json()).toMatchObject({ status: '401', code: 'notLoggedIn' });
    const post = await fetch(`${server.url}/console/deposits`, { method: 'POST' });
    expect(post.status).toBe(404);
  });
});
