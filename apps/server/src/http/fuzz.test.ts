import {
  allCalls,
  allConsoleCalls,
  newsign,
  pathParams,
  type CallDef,
  type ConsoleCallDef,
} from '@tidemark/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleLogin, initialAdmin } from '../modules/console/console.test-support';
import { ROOMY_LIMITS, startServer, type TestServer } from '../test/harness';

/**
 * A bounded fuzz of every contract route (trader and operator), run by `npx vitest run` like any
 * test: hostile values (number edge cases, huge and odd strings, prototype keys, nested shapes) in
 * every encoding the server might meet (form, JSON, raw JSON, multipart, broken multipart, wrong
 * content types, query strings), with and without a session. No answer may be HTTP 500, and every
 * JSON answer must be the envelope. The generator is fast-check with a fixed seed, so a failure
 * repeats; the run prints its counts.
 */

const SEED = 20_261_124;
/** Requests per route: about 2,900 in all, some 15 s on this machine. */
const RUNS_PER_ROUTE = 24;
const CONCURRENCY = 8;

let server: TestServer;
let traderToken: string;
/** A session only for the logout calls, which end the session they are sent with. */
let throwawayTrader: string;
let operatorToken: string;
let throwawayOperator: string;

beforeAll(async () => {
  server = await startServer({ rateLimits: ROOMY_LIMITS });
  traderToken = (await server.register()).token;
  throwawayTrader = (await server.register()).token;
  const admin = initialAdmin(server);
  operatorToken = await consoleLogin(server, admin);
  throwawayOperator = await consoleLogin(server, admin);
}, 60_000);
afterAll(() => server.close());

// --- values ----------------------------------------------------------------------------------

const EDGE_TEXTS = [
  '',
  ' ',
  '0',
  '-0',
  '00',
  '1',
  '-1',
  '1e309',
  '-1e309',
  '1e-309',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x1F',
  '0b101',
  '0o17',
  '1_000',
  '1,5',
  '１２３',
  '٣',
  '92233720369',
  '9223372036854775808',
  '9'.repeat(40),
  '0.' + '0'.repeat(30) + '1',
  '1.123456789',
  '  12.5  ',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  '../../../etc/passwd',
  '%00',
  '\u0000',
  '\ud800',
  '\u202e',
  '😀'.repeat(50),
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  'BTC/USDT',
  'USDT',
  'TRC20',
  'a@b.co',
  '+86',
];

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

const text = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...EDGE_TEXTS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 24, unit: 'grapheme' }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(5_000), '7'.repeat(100_000)) },
);

type Value = string | number | boolean | null | Value[] | { [key: string]: Value };

const value: fc.Arbitrary<Value> = fc.oneof(
  { weight: 6, arbitrary: text },
  {
    weight: 2,
    arbitrary: fc.constantFrom<Value>(0, -0, 1, -1, 2 ** 53, 1e308, -1e308, 0.1, true, false, null),
  },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.array(text, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...PROTOTYPE_KEYS, 'a', 'b'), text) },
);

/** The field names of a call's input (fields of its object schema), when it has them. */
function fieldsOf(schema: unknown): string[] {
  const shape =
    (schema as { shape?: Record<string, unknown> }).shape ??
    (schema as { def?: { shape?: Record<string, unknown> } }).def?.shape;
  return shape ? Object.keys(shape) : [];
}

function inputFor(fields: string[]): fc.Arbitrary<Record<string, Value>> {
  const keys = fc.constantFrom(...fields, ...PROTOTYPE_KEYS, 'extra');
  return fc
    .array(fc.tuple(keys, value), { maxLength: Math.max(fields.length + 2, 3) })
    .map((entries) => {
      const input: Record<string, Value> = {};
      // Own properties, __proto__ included (no prototype is set this way).
      for (const [key, v] of entries)
        Object.defineProperty(input, key, { value: v, enumerable: true, writable: true });
      return input;
    });
}

// --- encodings -------------------------------------------------------------------------------

const ENCODINGS = [
  'form',
  'json',
  'raw-json',
  'multipart',
  'broken-multipart',
  'multipart-no-boundary',
  'text',
  'xml',
  'octet',
  'none',
  'query',
] as const;
type Encoding = (typeof ENCODINGS)[number];

const flat = (v: Value): string =>
  typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);

/** JSON text with literals JSON.stringify cannot write (1e309, -0, NaN), deep nesting, junk. */
function rawJson(input: Record<string, Value>, variant: number): string {
  const body = Object.entries(input)
    .map(([k, v]) => {
      const literal = ['1e309', '-0', 'NaN', '0x10', '01', '-', '1e', '"\\ud800"', '9'.repeat(400)][
        variant % 9
      ];
      return `${JSON.stringify(k)}:${variant % 2 ? literal : JSON.stringify(v)}`;
    })
    .join(',');
  switch (variant % 5) {
    case 0:
      return `{${body}}`;
    case 1:
      return `{${body}`;
    case 2:
      return '['.repeat(2_000) + ']'.repeat(2_000);
    case 3:
      return `{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},${body}}`;
    default:
      return `"${'a'.repeat(50)}"`;
  }
}

function encode(
  input: Record<string, Value>,
  encoding: Encoding,
  variant: number,
): { headers: Record<string, string>; body?: RequestInit['body']; query?: string } {
  const pairs = Object.entries(input).flatMap(([k, v]): [string, string][] =>
    Array.isArray(v) ? v.map((item) => [k, flat(item)]) : [[k, flat(v)]],
  );
  switch (encoding) {
    case 'form':
      return {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(pairs).toString(),
      };
    case 'json':
      return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) };
    case 'raw-json':
      return { headers: { 'content-type': 'application/json' }, body: rawJson(input, variant) };
    case 'multipart': {
      const form = new FormData();
      for (const [k, v] of pairs) {
        if (variant % 3 === 0) form.append(k, new Blob([v, new Uint8Array(variant)]), `${k}.png`);
        else form.append(k, v);
      }
      return { headers: {}, body: form };
    }
    case 'broken-multipart': {
      const parts = pairs
        .map(([k, v]) => `--b\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('');
      const endings = ['', '--b', '--b--\r\n', '--c--\r\n', '\r\n\r\n--b\r\n\x00\x01'];
      return {
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
        body: parts + endings[variant % endings.length],
      };
    }
    case 'multipart-no-boundary':
      return { headers: { 'content-type': 'multipart/form-data' }, body: '--x\r\n' };
    case 'text':
      return { headers: { 'content-type': 'text/plain' }, body: JSON.stringify(input) };
    case 'xml':
      return { headers: { 'content-type': 'application/xml' }, body: '<a><b>1</b></a>' };
    case 'octet':
      return {
        headers: { 'content-type': 'application/octet-stream' },
        body: new Uint8Array(variant * 97),
      };
    case 'none':
      return { headers: {}, body: new URLSearchParams(pairs).toString() };
    case 'query':
      return { headers: {}, query: new URLSearchParams(pairs).toString() };
  }
}

// --- requests --------------------------------------------------------------------------------

interface Route {
  kind: 'trader' | 'console';
  method: string;
  path: string;
  fields: string[];
  raw: boolean;
  logout: boolean;
}

const routes: Route[] = [
  ...allCalls.map((call: CallDef): Route => ({
    kind: 'trader',
    method: call.method,
    path: call.path,
    fields: fieldsOf(call.input),
    raw: Boolean(call.produces),
    logout: call.path.includes('logout'),
  })),
  ...allConsoleCalls.map((call: ConsoleCallDef): Route => ({
    kind: 'console',
    method: call.method,
    path: call.path,
    fields: fieldsOf(call.input),
    raw: Boolean(call.produces),
    logout: call.path.includes('logout'),
  })),
];

interface Plan {
  input: Record<string, Value>;
  encoding: Encoding;
  auth: 'none' | 'session' | 'garbage';
  signed: boolean;
  pathValue: Value;
  variant: number;
}

function plansFor(route: Route, index: number): Plan[] {
  const plan = fc.record({
    input: inputFor(route.fields),
    encoding:
      route.method === 'GET'
        ? fc.constantFrom<Encoding>('query', 'query', 'form', 'json')
        : fc.constantFrom(...ENCODINGS),
    auth: fc.constantFrom('session', 'session', 'none', 'garbage'),
    signed: fc.boolean().map((b) => b || route.kind === 'console'),
    pathValue: fc.oneof(value, fc.integer({ min: 1, max: 5 })),
    variant: fc.nat(40),
  }) as fc.Arbitrary<Plan>;
  return fc.sample(plan, { seed: SEED + index, numRuns: RUNS_PER_ROUTE });
}

interface Outcome {
  route: string;
  encoding: Encoding;
  auth: Plan['auth'];
  http: number;
  status: string | number | null;
  problem: string | null;
}

/** A path segment for any text; a lone surrogate goes as the invalid UTF-8 bytes it would be. */
function pathSegment(text: string): string {
  try {
    return encodeURIComponent(text) || '%20';
  } catch {
    return '%ED%A0%80';
  }
}

async function send(route: Route, plan: Plan): Promise<Outcome> {
  const { headers, body, query } = encode(plan.input, plan.encoding, plan.variant);
  let url = route.path;
  for (const name of pathParams(route.path))
    url = url.replace(`:${name}`, pathSegment(flat(plan.pathValue)));
  if (query) url += `?${query}`;
  if (plan.signed && route.kind === 'trader')
    headers.newsign = newsign(server.config.newsignSecret, server.clock.now());
  const session =
    route.kind === 'trader'
      ? route.logout
        ? throwawayTrader
        : traderToken
      : route.logout
        ? throwawayOperator
        : operatorToken;
  const token = plan.auth === 'session' ? session : plan.auth === 'garbage' ? 'x'.repeat(64) : '';
  if (token && route.kind === 'trader') headers.appToken = token;
  if (token && route.kind === 'console') headers.authorization = `Bearer ${token}`;
  const outcome: Outcome = {
    route: `${route.method} ${route.path}`,
    encoding: plan.encoding,
    auth: plan.auth,
    http: 0,
    status: null,
    problem: null,
  };
  let response: Response;
  try {
    response = await fetch(`${server.url}${url}`, {
      method: route.method,
      headers,
      ...(route.method === 'GET' ? {} : { body: body ?? null }),
    });
  } catch (error) {
    outcome.problem = `no answer: ${(error as Error).message}`;
    return outcome;
  }
  outcome.http = response.status;
  const type = response.headers.get('content-type') ?? '';
  const bytes = await response.arrayBuffer();
  if (response.status === 500) outcome.problem = 'HTTP 500';
  if (type.startsWith('application/json')) {
    try {
      const envelope = JSON.parse(Buffer.from(bytes).toString('utf8')) as Record<string, unknown>;
      outcome.status = (envelope.status as string | number) ?? null;
      if (
        envelope.status === undefined ||
        typeof envelope.enMsg !== 'string' ||
        typeof envelope.cnMsg !== 'string'
      )
        outcome.problem ??= `not the envelope: ${Buffer.from(bytes).toString('utf8').slice(0, 120)}`;
      if (envelope.status === '500') outcome.problem ??= `envelope 500: ${String(envelope.enMsg)}`;
    } catch {
      outcome.problem ??= 'JSON that does not parse';
    }
  } else if (!(route.raw && response.status === 200)) {
    outcome.problem ??= `answered ${type || 'no content type'} outside the envelope`;
  }
  return outcome;
}

async function pool<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) {
        const item = items[next++]!;
        results.push(await work(item));
      }
    }),
  );
  return results;
}

describe('fuzz of every contract route', () => {
  it('never answers HTTP 500 and always answers the envelope', async () => {
    expect(routes.length).toBeGreaterThan(50);
    const jobs = routes.flatMap((route, index) =>
      plansFor(route, index).map((plan) => ({ route, plan })),
    );
    const started = performance.now();
    const outcomes = await pool(jobs, CONCURRENCY, ({ route, plan }) => send(route, plan));
    const seconds = (performance.now() - started) / 1000;

    const byHttp: Record<number, number> = {};
    for (const o of outcomes) byHttp[o.http] = (byHttp[o.http] ?? 0) + 1;
    const fives = outcomes.filter((o) => o.http === 500 || o.status === '500').length;
    const problems = outcomes.filter((o) => o.problem !== null);
    // Printed in every run (CI logs), not only when the test fails.
    process.stdout.write(
      `fuzz: ${outcomes.length} requests to ${routes.length} routes in ${seconds.toFixed(1)} s ` +
        `(seed ${SEED}); answers of 500: ${fives}; not the envelope: ${problems.length - fives}; ` +
        `by HTTP status: ${JSON.stringify(byHttp)}\n`,
    );
    expect(problems.slice(0, 20)).toEqual([]);
    expect(fives).toBe(0);
    // The sessions stayed usable: the run reached the rules, not only the 401s.
    expect(outcomes.filter((o) => o.auth === 'session' && o.status === 1).length).toBeGreaterThan(
      50,
    );
  }, 120_000);
});
