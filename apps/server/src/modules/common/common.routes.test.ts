import { commonCalls, type Envelope } from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

function expectInvalid(envelope: Envelope<unknown>, code: 'invalidInput' | 'requiredItems'): void {
  expect(envelope).toEqual({
    status: '400',
    code,
    enMsg:
      code === 'invalidInput'
        ? 'Invalid input, please check and try again'
        : 'Please confirm the required items',
    cnMsg: expect.any(String),
    data: null,
  });
}

function expectNear(value: number, expected: number): void {
  expect(Number.isInteger(value)).toBe(true);
  expect(Math.abs(value - expected)).toBeLessThan(5_000);
}

describe('findOnline', () => {
  it('answers a visitor online: false with the server time', async () => {
    const answer = await server.call(commonCalls.findOnline, {});
    expect(answer).toMatchObject({ status: 1, code: 'operation', enMsg: 'Operation successful' });
    expect(Object.keys(answer.data).sort()).toEqual(['online', 'serverTime']);
    expect(answer.data.online).toBe(false);
    expectNear(answer.data.serverTime, server.clock.now());
  });

  it('answers a logged-in user online: true and records the heartbeat', async () => {
    const { email, token } = await server.register();
    const seen = () =>
      server.app.db
        .selectFrom('users')
        .select('last_seen_at')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
    expect((await seen()).last_seen_at).toBeNull();

    const answer = await server.call(commonCalls.findOnline, {}, { token });
    expect(answer.status).toBe(1);
    expect(answer.data.online).toBe(true);
    expect(typeof answer.data.serverTime).toBe('number');
    expectNear(answer.data.serverTime, server.clock.now());
    expectNear(Number((await seen()).last_seen_at), server.clock.now());
  });

  it('treats an unknown token as a visitor rather than refusing', async () => {
    const answer = await server.call(commonCalls.findOnline, {}, { token: 'not-a-token' });
    expect(answer.status).toBe(1);
    expect(answer.data.online).toBe(false);
  });

  it('answers the adjustable server clock', async () => {
    server.clock.advance(2 * 3_600_000);
    const answer = await server.call(commonCalls.findOnline, {});
    expect(answer.data.serverTime).toBeGreaterThan(Date.now() + 3_600_000);
    expectNear(answer.data.serverTime, server.clock.now());
  });
});

describe('findTimeTrade', () => {
  it('answers the server time, trading open and the platform time zone', async () => {
    const answer = await server.call(commonCalls.findTimeTrade, {});
    expect(answer.status).toBe(1);
    expect(answer.data).toEqual({
      serverTime: expect.any(Number),
      tradingOpen: true,
      timeZone: 'America/Los_Angeles',
    });
    expectNear(answer.data.serverTime, server.clock.now());
  });
});

describe('findCountryCode', () => {
  it('lists countries with their dialling codes, China and the United States among them', async () => {
    const answer = await server.call(commonCalls.findCountryCode, {});
    expect(answer.status).toBe(1);
    const list = answer.data;
    expect(list.length).toBeGreaterThan(200);
    expect(list).toContainEqual(expect.objectContaining({ code: 'CN', dialCode: '86' }));
    expect(list).toContainEqual(expect.objectContaining({ code: 'US', dialCode: '1' }));
    expect(list).toContainEqual(expect.objectContaining({ code: 'GB', dialCode: '44' }));
    expect(list.find((c) => c.code === 'CN')?.name).toBe('China');
    expect(list.find((c) => c.code === 'US')?.name).toBe('United States');
    for (const country of list) {
      expect(Object.keys(country).sort()).toEqual(['code', 'dialCode', 'name']);
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(country.dialCode).toMatch(/^\d{1,4}$/);
      expect(country.name.length).toBeGreaterThan(0);
    }
    expect(new Set(list.map((c) => c.code)).size).toBe(list.length);
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});

describe('getVerify', () => {
  it('answers an SVG image, a new one each time, and remembers its answer', async () => {
    const timestamp = String(server.clock.now());
    const first = await server.fetch(`/common/getVerify?timestamp=${timestamp}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const svg = await first.text();
    expect(svg).toMatch(/^<svg[^>]*width="120"[^>]*height="44"[\s\S]*<\/svg>$/);

    const second = await (await server.fetch(`/common/getVerify?timestamp=${timestamp}`)).text();
    expect(second).not.toBe(svg);

    const rows = await server.app.db
      .selectFrom('captchas')
      .selectAll()
      .where('challenge', '=', timestamp)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.answer_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Number(rows[0]!.expires_at)).toBeGreaterThan(server.clock.now());
  });

  it('accepts timestamps of 10 to 16 digits', async () => {
    for (const timestamp of ['1700000000', '1700000000000', '1700000000000000']) {
      const response = await server.fetch(`/common/getVerify?timestamp=${timestamp}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    }
  });

  it.each(['abc', '123', '12345678901234567', '17000000000x0', '-1700000000000', '1.7e12'])(
    'refuses the timestamp %j with invalidInput and draws nothing',
    async (timestamp) => {
      const before = await server.app.db
        .selectFrom('captchas')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      const response = await server.fetch(
        `/common/getVerify?timestamp=${encodeURIComponent(timestamp)}`,
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expectInvalid((await response.json()) as Envelope<unknown>, 'invalidInput');
      const after = await server.app.db
        .selectFrom('captchas')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    },
  );

  it('refuses a missing timestamp with requiredItems', async () => {
    const response = await server.fetch('/common/getVerify');
    expectInvalid((await response.json()) as Envelope<unknown>, 'requiredItems');
  });
});
