import {
  allCalls,
  allConsoleCalls,
  authCalls,
  commonCalls,
  newsign,
  userCalls,
  type Envelope,
} from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCS_PATH, OPENAPI_PATH } from './api-docs';
import { APP_VERSION } from '../lib/version';
import { GOOD_PASSWORD, startServer, uniqueEmail, type TestServer } from '../test/harness';
import { MEDIA_PATH } from '../modules/content/content.console';
import { SUPPORT_LIVE_PATH } from '../modules/support/support.live';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const JSON_TYPE = { 'content-type': 'application/json' };

const STALE_SIGNATURE = {
  status: '402',
  code: 'staleSignature',
  enMsg: 'Request signature is missing or out of date',
  cnMsg: expect.any(String),
  data: null,
};

const signAt = (ms: number) => newsign(server.config.newsignSecret, ms);

async function envelopeOf(response: Response): Promise<Envelope<unknown>> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return (await response.json()) as Envelope<unknown>;
}

async function emailCode(email: string): Promise<string> {
  const sent = await server.call(authCalls.sendMailValidCode, { email });
  expect(sent.status).toBe(1);
  return server.lastCode(email);
}

function registerInput(email: string, code: string) {
  return { account: email, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD, code };
}

async function expectNoAccount(email: string): Promise<void> {
  const answer = await server.call(userCalls.login, { account: email, password: GOOD_PASSWORD });
  expect(answer).toMatchObject({ status: '400', code: 'loginFailed' });
}

// --- newsign -------------------------------------------------------------------------------------

describe('newsign', () => {
  it('answers 402 without a sign, and the call does nothing', async () => {
    const email = uniqueEmail();
    const code = await emailCode(email);
    const answer = await server.call(userCalls.register, registerInput(email, code), {
      sign: null,
    });
    expect(answer).toEqual(STALE_SIGNATURE);
    await expectNoAccount(email);
    // The code was not even looked at: it still registers.
    const registered = await server.call(userCalls.register, registerInput(email, code));
    expect(registered.status).toBe(1);
  });

  it('answers the 402 envelope over HTTP 200', async () => {
    const response = await server.fetch('/common/findTimeTrade', { sign: null });
    expect(response.status).toBe(200);
    expect(await envelopeOf(response)).toEqual(STALE_SIGNATURE);
    const empty = await server.fetch('/common/findTimeTrade', { headers: { newsign: '' } });
    expect(await envelopeOf(empty)).toEqual(STALE_SIGNATURE);
  });

  it('does not send a code without a sign', async () => {
    const email = uniqueEmail();
    const before = server.outbox().length;
    const answer = await server.call(authCalls.sendMailValidCode, { email }, { sign: null });
    expect(answer).toEqual(STALE_SIGNATURE);
    expect(server.outbox()).toHaveLength(before);
  });

  it('refuses a stale sign (a minute old), a future one, a garbage one and another secret', async () => {
    const now = server.clock.now();
    const otherSecret = newsign('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', now);
    for (const sign of [
      signAt(now - 60_000),
      signAt(now - 40_000),
      signAt(now + 20_000),
      'garbage',
      otherSecret,
    ]) {
      const answer = await server.call(
        userCalls.login,
        {
          account: uniqueEmail(),
          password: GOOD_PASSWORD,
        },
        { sign },
      );
      expect(answer).toEqual(STALE_SIGNATURE);
    }
  });

  it('accepts the sign of the previous 20-second window', async () => {
    const answer = await server.call(
      userCalls.login,
      { account: uniqueEmail(), password: GOOD_PASSWORD },
      { sign: signAt(server.clock.now() - 20_000) },
    );
    // Got past the sign: refused for the account, not the signature.
    expect(answer).toMatchObject({ status: '400', code: 'loginFailed' });
    const time = await server.call(
      commonCalls.findTimeTrade,
      {},
      { sign: signAt(server.clock.now() - 20_000) },
    );
    expect(time.status).toBe(1);
  });

  it('follows the server clock, not the wall clock', async () => {
    server.clock.advance(10 * 60_000);
    const wallSign = signAt(Date.now());
    const answer = await server.fetch('/common/findTimeTrade', { sign: wallSign });
    expect(await envelopeOf(answer)).toEqual(STALE_SIGNATURE);
    const serverSign = signAt(server.clock.now());
    expect(
      (await envelopeOf(await server.fetch('/common/findTimeTrade', { sign: serverSign }))).status,
    ).toBe(1);
  });

  it('takes the sign from the query where no header can be set', async () => {
    const sign = signAt(server.clock.now());
    const timestamp = String(server.clock.now());
    const image = await server.fetch(`/common/getVerify?timestamp=${timestamp}&sign=${sign}`, {
      sign: null,
    });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(image.headers.get('cache-control')).toBe('no-store');
    expect(await image.text()).toMatch(/^<svg[\s\S]*<\/svg>$/);

    const stale = signAt(server.clock.now() - 60_000);
    const refused = await server.fetch(`/common/getVerify?timestamp=${timestamp}&sign=${stale}`, {
      sign: null,
    });
    expect(await envelopeOf(refused)).toEqual(STALE_SIGNATURE);
  });

  it('is not asked for outside the contract', async () => {
    expect((await server.fetch('/healthz', { sign: null })).status).toBe(200);
    const unknown = await server.fetch('/no/such/call', { sign: null });
    expect(unknown.status).toBe(404);
  });
});

// --- bodies --------------------------------------------------------------------------------------

describe('request bodies', () => {
  it('accepts JSON as well as a form', async () => {
    const email = uniqueEmail();
    const code = await emailCode(email);
    const registered = await server.call(userCalls.register, registerInput(email, code), {
      json: true,
    });
    expect(registered.status).toBe(1);
    const viaJson = await server.call(
      userCalls.login,
      { account: email, password: GOOD_PASSWORD },
      { json: true },
    );
    const viaForm = await server.call(userCalls.login, { account: email, password: GOOD_PASSWORD });
    expect(viaJson.status).toBe(1);
    expect(viaForm.status).toBe(1);
    // Content type with a charset.
    const withCharset = await server.fetch('/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ account: email, password: GOOD_PASSWORD }),
    });
    expect((await envelopeOf(withCharset)).status).toBe(1);
  });

  it('accepts a multipart form', async () => {
    const { email } = await server.register();
    const form = new FormData();
    form.set('account', email);
    form.set('password', GOOD_PASSWORD);
    const response = await server.fetch('/user/login', { method: 'POST', body: form });
    expect(response.status).toBe(200);
    expect((await envelopeOf(response)).status).toBe(1);
  });

  it('answers a JSON value of the wrong type as invalid input', async () => {
    const response = await server.fetch('/user/login', {
      method: 'POST',
      headers: JSON_TYPE,
      body: '["a@b.co","Harbour2026"]',
    });
    expect(response.status).toBe(200);
    expect(await envelopeOf(response)).toMatchObject({ status: '400', code: 'invalidInput' });
    const numbers = await server.fetch('/user/login', {
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify({ account: 12345, password: 678 }),
    });
    expect(await envelopeOf(numbers)).toMatchObject({ status: '400', code: 'requiredItems' });
  });

  it.each([
    ['text/plain', 'account=a@b.co&password=Harbour2026'],
    ['application/xml', '<login/>'],
    ['application/octet-stream', 'binary'],
  ])('refuses a %s body with HTTP 415 unsupportedContentType', async (type, body) => {
    const email = uniqueEmail();
    const code = await emailCode(email);
    const response = await server.fetch('/user/register', {
      method: 'POST',
      headers: { 'content-type': type },
      body:
        type === 'text/plain' ? new URLSearchParams(registerInput(email, code)).toString() : body,
    });
    expect(response.status).toBe(415);
    expect(await envelopeOf(response)).toEqual({
      status: '415',
      code: 'unsupportedContentType',
      enMsg: 'Unsupported request format',
      cnMsg: expect.any(String),
      data: null,
    });
    await expectNoAccount(email);
  });

  it('answers malformed JSON with a 400 envelope, never a 500', async () => {
    for (const body of ['{"account":', '{account: 1}', 'null x', '\u0000']) {
      const response = await server.fetch('/user/login', {
        method: 'POST',
        headers: JSON_TYPE,
        body,
      });
      expect(response.status).toBe(400);
      expect(await envelopeOf(response)).toEqual({
        status: '400',
        code: 'invalidInput',
        enMsg: 'Invalid input, please check and try again',
        cnMsg: expect.any(String),
        data: null,
      });
    }
  });

  it('answers an empty JSON body as invalid input, not a fault', async () => {
    const response = await server.fetch('/user/login', {
      method: 'POST',
      headers: JSON_TYPE,
      body: '',
    });
    expect(response.status).toBeLessThan(500);
    expect(await envelopeOf(response)).toMatchObject({
      code: expect.stringMatching(/^(invalidInput|requiredItems)$/),
    });
  });

  it.each([
    ['JSON', JSON_TYPE],
    ['form', FORM],
  ])('refuses a %s body over 1 MiB with HTTP 413 bodyTooLarge', async (kind, headers) => {
    const email = uniqueEmail();
    const code = await emailCode(email);
    const padding = 'x'.repeat(1_048_576);
    const input = { ...registerInput(email, code), inviteCode: padding };
    const body = kind === 'JSON' ? JSON.stringify(input) : new URLSearchParams(input).toString();
    const response = await server.fetch('/user/register', { method: 'POST', headers, body });
    expect(response.status).toBe(413);
    expect(await envelopeOf(response)).toEqual({
      status: '413',
      code: 'bodyTooLarge',
      enMsg: 'The request is too large',
      cnMsg: expect.any(String),
      data: null,
    });
    await expectNoAccount(email);
    // The same request of a normal size goes through with the unspent code.
    expect((await server.call(userCalls.register, registerInput(email, code))).status).toBe(1);
  });

  it('accepts a body just under the limit', async () => {
    const body = JSON.stringify({ account: uniqueEmail(), password: 'p'.repeat(100), pad: '' });
    const padded = body.replace('"pad":""', `"pad":"${'x'.repeat(1_048_576 - body.length - 10)}"`);
    expect(padded.length).toBeLessThan(1_048_576);
    const response = await server.fetch('/user/login', {
      method: 'POST',
      headers: JSON_TYPE,
      body: padded,
    });
    expect(response.status).toBe(200);
    expect(await envelopeOf(response)).toMatchObject({ code: 'loginFailed' });
  });
});

// --- routes --------------------------------------------------------------------------------------

describe('routes', () => {
  it('answers an unknown path with HTTP 404 notFound', async () => {
    for (const [method, path] of [
      ['GET', '/no/such/call'],
      ['POST', '/user/nothing'],
      ['GET', '/user/login'],
      ['POST', '/user/findUserInfo'],
    ] as const) {
      const response = await server.fetch(path, {
        method,
        headers: FORM,
        body: method === 'POST' ? '' : null,
      });
      expect(response.status).toBe(404);
      expect(await envelopeOf(response)).toEqual({
        status: '404',
        code: 'notFound',
        enMsg: 'The requested item does not exist',
        cnMsg: expect.any(String),
        data: null,
      });
    }
  });

  it('sends a browser asking for an unknown page to the app', async () => {
    const response = await server.fetch('/some/page', {
      headers: { accept: 'text/html' },
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
  });

  it('answers GET /healthz with 200 {status: ok, version}', async () => {
    const response = await server.fetch('/healthz', { sign: null });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      version: APP_VERSION,
      database: process.env.DATABASE_URL ? 'postgres' : 'sqlite',
    });
    expect(APP_VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('sets x-server-time on every response, from the server clock', async () => {
    const { token } = await server.register();
    const responses: Response[] = [
      await server.fetch('/healthz'),
      await server.fetch('/common/findTimeTrade'),
      await server.fetch('/common/findTimeTrade', { sign: null }),
      await server.fetch('/user/findUserInfo', { headers: { appToken: token } }),
      await server.fetch('/user/findUserInfo'),
      await server.fetch('/no/such/call'),
      await server.fetch(`/common/getVerify?timestamp=${server.clock.now()}`),
      await server.fetch('/user/login', {
        method: 'POST',
        headers: { 'content-type': 'text/xml' },
        body: '<a/>',
      }),
      await server.fetch('/user/login', { method: 'POST', headers: JSON_TYPE, body: '{' }),
      await server.fetch('/user/login', {
        method: 'POST',
        headers: JSON_TYPE,
        body: JSON.stringify({ pad: 'x'.repeat(1_100_000) }),
      }),
    ];
    for (const response of responses) {
      const header = response.headers.get('x-server-time');
      expect(header, `${response.url} ${response.status}`).toMatch(/^\d{13}$/);
      expect(Math.abs(Number(header) - server.clock.now())).toBeLessThan(10_000);
    }
    server.clock.advance(3_600_000);
    const later = await server.fetch('/healthz');
    const shown = Number(later.headers.get('x-server-time'));
    expect(shown).toBeGreaterThan(Date.now() + 3_500_000);
    expect(Math.abs(shown - server.clock.now())).toBeLessThan(10_000);
  });

  it('serves every call of the contract', async () => {
    expect(allCalls.length).toBeGreaterThan(0);
    for (const call of allCalls) {
      expect(server.fastify.hasRoute({ method: call.method, url: call.path }), call.path).toBe(
        true,
      );
      const response = await server.fetch(call.path, {
        method: call.method,
        ...(call.method === 'POST' ? { headers: FORM, body: '' } : {}),
      });
      expect(response.status, `${call.method} ${call.path}`).not.toBe(404);
      expect(response.status, `${call.method} ${call.path}`).toBeLessThan(500);
      const envelope = await envelopeOf(response);
      expect(envelope.status, `${call.method} ${call.path}`).not.toBe('402');
      if (call.auth === 'user') {
        expect(envelope, call.path).toMatchObject({ status: '401', code: 'notLoggedIn' });
      }
    }
  });

  it('registers no API route beyond the contract except health, the sockets, media bytes and the API reference', () => {
    const listed = routesOf(server.fastify.printRoutes({ commonPrefix: false }));
    const expected = new Set([
      ...allCalls.map((c) => `${c.method} ${c.path}`),
      // The operator API, from its own contract (modules/console tests it in full).
      ...allConsoleCalls.map((c) => `${c.method} ${c.path}`),
      'GET /healthz',
      'GET /ws',
      // The support inbox's socket for operators, and academy videos served with byte ranges:
      // neither answers an envelope, so neither is a contract call.
      `GET ${SUPPORT_LIVE_PATH}`,
      `GET ${MEDIA_PATH}/:name`,
      // The OpenAPI document of the contract and its rendered reference (http/api-docs.ts).
      `GET ${OPENAPI_PATH}`,
      `GET ${API_DOCS_PATH}`,
      `GET ${API_DOCS_PATH}/init.js`,
    ]);
    // HEAD is Fastify's automatic twin of each GET.
    const served = new Set(listed.filter((r) => !r.startsWith('HEAD ')));
    const isStatic = (route: string) => route.endsWith('*');
    expect([...served].filter((r) => !expected.has(r) && !isStatic(r))).toEqual([]);
    expect([...expected].filter((r) => !served.has(r))).toEqual([]);
    for (const route of listed.filter((r) => r.startsWith('HEAD '))) {
      expect(served.has(route.replace('HEAD ', 'GET '))).toBe(true);
    }
  });
});

/** "METHOD /path" of each route in Fastify's printRoutes tree (nested lines extend their parent). */
function routesOf(tree: string): string[] {
  const prefixes: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (depth > 0 ? prefixes[depth - 1]! : '') + match[2]!;
    prefixes.length = depth;
    prefixes.push(path);
    for (const method of match[3]?.split(', ') ?? []) routes.push(`${method} ${path}`);
  }
  return routes;
}

// --- rate limits ---------------------------------------------------------------------------------

/** The 429 refusal with a whole minute left, as the limits of these tests leave it. */
const ONE_MINUTE_LEFT = {
  status: '429',
  code: 'tooManyWaitMinutes',
  enMsg: 'Too many attempts, please try again in 1 min',
  cnMsg: expect.any(String),
  data: null,
  params: { minutes: 1 },
};

function loginOver(target: TestServer, account: string, password = GOOD_PASSWORD) {
  return target.fetch('/user/login', {
    method: 'POST',
    headers: FORM,
    body: new URLSearchParams({ account, password }).toString(),
  });
}

describe('rate limit per IP', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startServer({
      rateLimits: {
        login: { perIp: { max: 3, windowMs: 60_000 }, perAccount: { max: 100, windowMs: 60_000 } },
      },
    });
  });
  afterAll(() => limited.close());

  it('answers a login after 3 failures from one IP with HTTP 429 and when to retry', async () => {
    const { email } = await limited.register();
    // Successes are not counted.
    for (let i = 0; i < 5; i++)
      expect((await envelopeOf(await loginOver(limited, email))).status).toBe(1);
    for (let i = 0; i < 3; i++) {
      const response = await loginOver(limited, uniqueEmail());
      expect(response.status).toBe(200);
      expect((await envelopeOf(response)).code).toBe('loginFailed');
    }
    const fourth = await loginOver(limited, email);
    expect(fourth.status).toBe(429);
    expect(await envelopeOf(fourth)).toEqual(ONE_MINUTE_LEFT);
    expect(fourth.headers.get('x-server-time')).toMatch(/^\d+$/);
    expect(fourth.headers.get('retry-after')).toBe('60');

    // Other calls are not held back by the login limit.
    const info = await limited.call(authCalls.sendMailValidCode, { email: uniqueEmail() });
    expect(info.status).toBe(1);
  });

  it('does not count a request refused for its sign', async () => {
    const other = await startServer({
      rateLimits: {
        login: { perIp: { max: 1, windowMs: 60_000 }, perAccount: { max: 100, windowMs: 60_000 } },
      },
    });
    try {
      for (let i = 0; i < 3; i++) {
        const answer = await other.call(
          userCalls.login,
          { account: uniqueEmail(), password: GOOD_PASSWORD },
          { sign: null },
        );
        expect(answer.code).toBe('staleSignature');
      }
      const first = await loginOver(other, uniqueEmail());
      expect(first.status).toBe(200);
      expect((await loginOver(other, uniqueEmail())).status).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('says when to retry on the limits of the other calls too', async () => {
    const other = await startServer({
      rateLimits: { sendCode: { perIp: { max: 1, windowMs: 60_000 } } },
    });
    try {
      expect((await other.call(authCalls.sendMailValidCode, { email: uniqueEmail() })).status).toBe(
        1,
      );
      const response = await other.fetch(
        `/api/sendMailValidCode?email=${encodeURIComponent(uniqueEmail())}`,
      );
      expect(response.status).toBe(429);
      const retryAfter = Number(response.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // @fastify/rate-limit keeps real time: a few milliseconds of the minute may have gone.
      expect(await envelopeOf(response)).toEqual(
        retryAfter === 60
          ? ONE_MINUTE_LEFT
          : {
              ...ONE_MINUTE_LEFT,
              code: 'tooManyWaitSeconds',
              enMsg: `Too many attempts, please try again in ${retryAfter} s`,
              params: { seconds: retryAfter },
            },
      );
    } finally {
      await other.close();
    }
  });
});

describe('rate limit per account', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startServer({
      rateLimits: {
        login: {
          perIp: { max: 1_000, windowMs: 60_000 },
          perAccount: { max: 1, windowMs: 60_000 },
        },
        register: {
          perIp: { max: 1_000, windowMs: 60_000 },
          perAccount: { max: 2, windowMs: 60_000 },
        },
        sendCode: { perIp: { max: 1_000, windowMs: 60_000 } },
      },
    });
  });
  afterAll(() => limited.close());

  it('never refuses a trader login for the requests made to the account', async () => {
    const victim = await limited.register();
    for (let i = 0; i < 5; i++) {
      const response = await loginOver(limited, victim.email);
      expect(response.status).toBe(200);
      expect((await envelopeOf(response)).status).toBe(1);
    }
  });

  it('counts a phone account as one whatever way its area code is written', async () => {
    const phone = '13700137000';
    const attempt = (body: Record<string, string>) =>
      limited.fetch('/user/register', {
        method: 'POST',
        headers: FORM,
        body: new URLSearchParams({
          account: phone,
          password: GOOD_PASSWORD,
          confirmPassword: GOOD_PASSWORD,
          code: '123456',
          ...body,
        }).toString(),
      });
    expect((await attempt({ areaCode: '86' })).status).toBe(200);
    expect((await attempt({ areaCode: '+86' })).status).toBe(200);
    // A field the call ignores does not make it another account either.
    const third = await attempt({ areaCode: '86', areacode: 'x1' });
    expect(third.status).toBe(429);
    expect(await envelopeOf(third)).toMatchObject({ status: '429', params: expect.any(Object) });
    expect((await attempt({ areaCode: '+86', areacode: 'x2' })).status).toBe(429);
    // The same number in another country is another account.
    expect((await attempt({ areaCode: '44', account: '7400123456' })).status).toBe(200);
  });

  it('does not limit the codes sent to an address by count: the image code takes over', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 3; i++) {
      expect((await limited.call(authCalls.sendMailValidCode, { email })).status).toBe(1);
      limited.clock.advance(60_000);
    }
    const response = await limited.fetch(
      `/api/sendMailValidCode?email=${encodeURIComponent(email)}`,
    );
    expect(response.status).toBe(200);
    expect(await envelopeOf(response)).toMatchObject({
      code: 'captchaRequired',
      data: { captchaRequired: true },
    });
  });
});
