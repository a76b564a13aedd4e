import { authCalls } from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, uniqueEmail, type TestServer } from '../../test/harness';
import type { Delivery, OutgoingMessage } from './delivery';

/** A mail server that is down until told otherwise. */
const sent: OutgoingMessage[] = [];
let up = false;
const flakyMail: Delivery = {
  async send(message) {
    if (!up) throw new Error('connect ECONNREFUSED 127.0.0.1:587');
    sent.push(message);
  },
};

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ delivery: flakyMail });
});
afterAll(() => server.close());

describe('a code that cannot be delivered', () => {
  it('is a fault (HTTP 500), and the user may ask again at once when mail is back', async () => {
    const email = uniqueEmail();
    const response = await server.fetch(
      `/api/sendMailValidCode?email=${encodeURIComponent(email)}`,
    );
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ status: '500', enMsg: 'StatusCode 500' });

    up = true;
    const again = await server.call(authCalls.sendMailValidCode, { email });
    expect(again.status).toBe(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: 'email', to: email });
    expect(sent[0]?.code).toMatch(/^\d{6}$/);
  });
});
