import { listCalls, listConsoleCalls } from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness';

/**
 * Every call of the contract, the trader's and the operator's, has its route: the server starts
 * with a missing one (logged) so that work in progress does not stop every other server, and
 * this test is what keeps one from shipping.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('contract bindings', () => {
  it('binds every trader call', () => {
    const missing = listCalls().filter(
      (call) => !server.fastify.hasRoute({ method: call.method, url: call.path }),
    );
    expect(missing.map((c) => `${c.method} ${c.path}`)).toEqual([]);
  });

  it('binds every console call', () => {
    const missing = listConsoleCalls().filter(
      (call) => !server.fastify.hasRoute({ method: call.method, url: call.path }),
    );
    expect(missing.map((c) => `${c.method} ${c.path}`)).toEqual([]);
  });
});
