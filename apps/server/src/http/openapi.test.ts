import {
  CONSOLE_API_PREFIX,
  listCalls,
  listConsoleCalls,
  optionsCalls,
  userCalls,
} from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

interface Operation {
  operationId: string;
  summary: string;
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content: Record<string, { schema?: Record<string, unknown> }> }>;
  security?: Record<string, string[]>[];
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
}

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

async function document(): Promise<Document> {
  const answer = await server.fetch('/api/openapi.json', { sign: null });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  return (await answer.json()) as Document;
}

describe('the OpenAPI document', () => {
  it('describes every trader call and every console call of the contract, once each', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    const described = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const expected = [
      ...listCalls().map((c) => `${c.method} ${openApiPath(c.path)}`),
      ...listConsoleCalls().map((c) => `${c.method} ${openApiPath(CONSOLE_API_PREFIX + c.path)}`),
    ];
    // A call missing from the document (or one the contract does not have) fails here.
    expect([...described].sort()).toEqual([...expected].sort());
    expect(described.length).toBeGreaterThan(200);
    const ids = Object.values(doc.paths).flatMap((ops) =>
      Object.values(ops).map((o) => o.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives a call its input fields, its envelope answer and its headers', async () => {
    const doc = await document();
    const buy = doc.paths[optionsCalls.insertCurrencyOrder.path]!.post!;
    expect(buy.summary).toBe(optionsCalls.insertCurrencyOrder.summary);
    const body = buy.requestBody!.content['application/x-www-form-urlencoded']!.schema;
    expect(body).toMatchObject({
      type: 'object',
      properties: { symbol: {}, direction: {}, amount: {}, periodId: {} },
    });
    expect(buy.parameters?.map((p) => p.name)).toContain('Idempotency-Key');
    expect(buy.security).toEqual([{ newsign: [], appToken: [] }]);
    const answer = buy.responses['200']!.content['application/json']!.schema!;
    expect(answer).toMatchObject({
      required: ['status', 'cnMsg', 'enMsg', 'data'],
      properties: { data: { type: 'object', properties: { strikePrice: {}, status: {} } } },
    });
    // A GET's input travels as query parameters.
    const page = doc.paths[optionsCalls.findUserOrderList.path]!.get!;
    expect(page.parameters?.map((p) => [p.name, p.in])).toEqual(
      expect.arrayContaining([
        ['tab', 'query'],
        ['page', 'query'],
      ]),
    );
    // A public call needs only the newsign.
    const info = doc.paths[userCalls.findUserInfo.path]!;
    expect(Object.values(info)[0]!.security).toEqual([{ newsign: [], appToken: [] }]);
  });

  it('names a console call with its roles and its path parameters', async () => {
    const doc = await document();
    const withParam = listConsoleCalls().find((c) => /:\w+/.test(c.path))!;
    const op =
      doc.paths[openApiPath(CONSOLE_API_PREFIX + withParam.path)]![withParam.method.toLowerCase()]!;
    const name = /:(\w+)/.exec(withParam.path)![1]!;
    expect(op.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name, in: 'path', required: true })]),
    );
    if (withParam.roles !== 'public') {
      expect(op.security).toEqual([{ operatorBearer: [] }]);
      expect(op.summary).toMatch(/\(roles: admin/);
    }
  });
});

describe('the API reference page', () => {
  it('renders the document with Swagger UI served from this server, under the pages CSP', async () => {
    const page = await server.fetch('/api/docs', { sign: null });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    const html = await page.text();
    expect(html).toContain('/api/docs/swagger-ui-bundle.js');
    expect(html).not.toMatch(/<script>[^<]/);
    const init = await server.fetch('/api/docs/init.js', { sign: null });
    expect(await init.text()).toContain('"/api/openapi.json"');
    const bundle = await server.fetch('/api/docs/swagger-ui-bundle.js', { sign: null });
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toMatch(/javascript/);
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
    const css = await server.fetch('/api/docs/swagger-ui.css', { sign: null });
    expect(css.status).toBe(200);
    expect(await css.text()).toContain('.swagger-ui');
    // Only the two files the page needs are served from the package.
    const other = await server.fetch('/api/docs/package.json', { sign: null });
    expect(other.status).toBe(404);
    await other.arrayBuffer();
  });
});
