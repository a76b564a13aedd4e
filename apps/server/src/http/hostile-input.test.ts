import http from 'node:http';
import net from 'node:net';
import {
  assetsCalls,
  consoleCalls,
  moneyCalls,
  newsign,
  spotCalls,
  type Envelope,
} from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import {
  consoleCall,
  consoleLogin,
  initialAdmin,
  withdrawingTrader,
  requestWithdrawal,
} from '../modules/console/console.test-support';
import { expectRefused, multipartCall, pngImage } from '../modules/money/custody.test-kit';
import { ROOMY_LIMITS, startServer, type TestServer } from '../test/harness';

/**
 * Issue 11 "hostile input": what reached HTTP 500 or answered outside the envelope. Every answer
 * here must be the envelope `{status, cnMsg, enMsg, data}` with a catalogue text.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ rateLimits: ROOMY_LIMITS });
});
afterAll(() => server.close());

async function envelopeOf(response: Response): Promise<Envelope<unknown>> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  const envelope = (await response.json()) as Envelope<unknown>;
  expect(Object.keys(envelope)).toEqual(expect.arrayContaining(['status', 'cnMsg', 'enMsg']));
  expect(envelope.cnMsg).not.toBe(envelope.enMsg);
  return envelope;
}

// --- Multipart bodies ----------------------------------------------------------------------------

/** A server whose log lines are kept, to check what a refusal writes there. */
async function loggingServer(): Promise<{
  server: TestServer;
  lines: { level: number; msg: string; err?: { stack?: string } }[];
}> {
  const lines: { level: number; msg: string }[] = [];
  const logging = await startServer({
    env: { MM_ENABLED: 'false' },
    logger: {
      level: 'info',
      stream: { write: (line: string) => void lines.push(JSON.parse(line) as never) },
    },
  });
  return { server: logging, lines };
}

describe('a malformed multipart body', () => {
  const bodies: [string, string, string][] = [
    ['without a boundary', 'multipart/form-data', '--x\r\n'],
    [
      'truncated',
      'multipart/form-data; boundary=x',
      '--x\r\ncontent-disposition: form-data; name="amount"\r\n\r\n12',
    ],
    ['with a broken part header', 'multipart/form-data; boundary=x', '--x\r\n\x00\x01\r\n\r\n'],
  ];

  it.each(bodies)(
    'is answered 400 malformedRequest %s, on every route, logged without a stack',
    async (_name, type, body) => {
      const logged = await loggingServer();
      try {
        for (const pathname of ['/healthz', '/userMoney/transferUserMoney', '/nowhere']) {
          // Past the newsign check of a contract call (server.fetch signs): the body is read after it.
          const response = await logged.server.fetch(pathname, {
            method: 'POST',
            headers: { 'content-type': type },
            body,
          });
          expect(response.status, pathname).toBe(400);
          expect(await envelopeOf(response)).toMatchObject({
            status: '400',
            code: 'malformedRequest',
            enMsg: 'The request could not be read, please try again',
            data: null,
          });
        }
        const refused = logged.lines.filter((l) => l.msg === 'malformed multipart body');
        expect(refused).toHaveLength(3);
        expect(refused.every((l) => l.level === 30)).toBe(true);
        // Start-up warnings aside (no web build, example deposit addresses), nothing about requests.
        const aboutRequests = logged.lines.filter((l) => 'reqId' in l);
        expect(aboutRequests.filter((l) => l.level >= 40)).toEqual([]);
        expect(JSON.stringify(aboutRequests)).not.toContain('stack');
      } finally {
        await logged.server.close();
      }
    },
  );

  it('still lets a whole multipart request through', async () => {
    const { token } = await server.register();
    const answer = await multipartCall(
      server,
      moneyCalls.insertUserRecharge,
      { currency: 'USDT', chain: 'TRC20', amount: '10', image: await pngImage(3) },
      { token },
    );
    expect(answer.status).toBe(1);
  });
});

// --- What Node and the router refuse before a route ---------------------------------------------

describe('requests refused before routing', () => {
  it('answers a URL past the header limit with the 431 envelope', async () => {
    const response = await fetch(`${server.url}/healthz?q=${'a'.repeat(20_000)}`);
    expect(response.status).toBe(431);
    expect(await envelopeOf(response)).toMatchObject({
      status: '431',
      code: 'headersTooLarge',
      enMsg: 'The request headers are too large',
    });
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('answers headers past the limit with the 431 envelope', async () => {
    const response = await fetch(`${server.url}/user/findUserInfo`, {
      headers: { appToken: 'x'.repeat(20_000) },
    });
    expect(response.status).toBe(431);
    expect((await envelopeOf(response)).code).toBe('headersTooLarge');
  });

  it('answers an id of thousands of characters with the 414 envelope', async () => {
    const response = await fetch(`${server.url}/console/api/deposits/${'1'.repeat(3000)}/approve`, {
      method: 'POST',
    });
    expect(response.status).toBe(414);
    expect(await envelopeOf(response)).toMatchObject({
      status: '414',
      code: 'urlTooLong',
      enMsg: 'The request address is too long',
    });
  });

  it('answers a request line Node cannot parse with the 400 envelope', async () => {
    const raw = await rawExchange('GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    expect(raw.head).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw.head.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(JSON.parse(raw.body)).toMatchObject({ status: '400', code: 'malformedRequest' });
  });
});

/** Sends raw bytes and reads the raw answer until the server closes. */
function rawExchange(request: string): Promise<{ head: string; body: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = new net.Socket();
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ head, body });
    });
    socket.connect(Number(port), '127.0.0.1', () => socket.end(request));
  });
}

// --- Bodies past the limit -----------------------------------------------------------------------

/**
 * POSTs `total` bytes in 64 KB pieces with a pause between them, the way a client on a real
 * network sends a large body: a server that answers early and closes the connection makes the
 * rest of the upload fail with a reset. Resolves with the answer and any error of the upload.
 */
function slowPost(
  pathname: string,
  total: number,
  headers: Record<string, string>,
): Promise<{ status: number; body: string; uploadError: string | null }> {
  return new Promise((resolve) => {
    let uploadError: string | null = null;
    let answer: { status: number; body: string } | null = null;
    let uploadDone = false;
    const settle = () => {
      if (answer && uploadDone) {
        clearTimeout(giveUp);
        resolve({ ...answer, uploadError });
      }
    };
    // A connection cut mid-upload may leave no answer at all.
    const giveUp = setTimeout(() => {
      answer ??= { status: 0, body: '' };
      uploadDone = true;
      settle();
    }, 10_000);
    const request = http.request(`${server.url}${pathname}`, { method: 'POST', headers });
    request.on('close', () => {
      uploadDone = true;
      settle();
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        answer = { status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() };
        settle();
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      uploadError = error.code ?? error.message;
      uploadDone = true;
      if (!answer) answer = { status: 0, body: '' };
      settle();
    });
    const piece = Buffer.alloc(65_536, 'a');
    let sent = 0;
    const next = () => {
      if (request.destroyed) return;
      if (sent >= total) {
        request.end(() => {
          uploadDone = true;
          settle();
        });
        return;
      }
      const size = Math.min(piece.length, total - sent);
      sent += size;
      request.write(piece.subarray(0, size), () => setTimeout(next, 3));
    };
    next();
  });
}

describe('a body past the 1 MiB limit', () => {
  const signed = () => ({ newsign: newsign(server.config.newsignSecret, server.clock.now()) });

  it.each([
    ['with its length announced', (n: number) => ({ 'content-length': String(n) })],
    ['sent in chunks', () => ({ 'transfer-encoding': 'chunked' })],
  ])('of 2 MB %s gets the 413 envelope, not a reset', async (_name, length) => {
    const total = 2_000_000;
    const result = await slowPost('/user/login', total, {
      'content-type': 'application/x-www-form-urlencoded',
      ...signed(),
      ...length(total),
    });
    expect(result.uploadError).toBeNull();
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toMatchObject({
      status: '413',
      code: 'bodyTooLarge',
      enMsg: 'The request is too large',
    });
  });

  it('keeps the connection usable after the 413', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const send = (method: string, pathname: string, body: string) =>
        new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
          const request = http.request(
            `${server.url}${pathname}`,
            {
              method,
              agent,
              headers: {
                'content-type': 'application/x-www-form-urlencoded',
                'content-length': String(body.length),
                ...signed(),
              },
            },
            (response) => {
              response.resume();
              response.on('end', () =>
                resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }),
              );
            },
          );
          request.on('error', reject);
          request.end(body);
        });
      expect(await send('POST', '/user/login', 'a'.repeat(1_500_000))).toEqual({
        status: 413,
        reused: false,
      });
      expect(await send('GET', '/healthz', '')).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });
});

// --- Amounts past a 64-bit column ----------------------------------------------------------------

const PAST_INT64 = '92233720369';
/** Refused amountTooLarge, the text naming the limit (AMOUNT_MAX unless configured). */
const expectTooLarge = (response: Parameters<typeof expectRefused>[0], limit = '90,000,000') =>
  expectRefused(response, 'amountTooLarge', `The amount is too large (at most ${limit})`);

describe('amounts past the limit', () => {
  it('are refused with one text on transfer, deposit, orders and withdrawal', async () => {
    const { token } = await server.register();
    for (const amount of [PAST_INT64, '90000000.00000001', '1' + '0'.repeat(40)]) {
      expectTooLarge(
        await server.call(
          assetsCalls.transferUserMoney,
          { from: 'coin', to: 'contract', amount, currency: 'USDT' } as never,
          { token },
        ),
      );
      expectTooLarge(
        await multipartCall(
          server,
          moneyCalls.insertUserRecharge,
          { currency: 'USDT', chain: 'TRC20', amount, image: await pngImage(5) },
          { token },
        ),
      );
      for (const input of [
        { symbol: 'BTC/USDT', type: 1, price: amount, quantity: '0.001' },
        { symbol: 'BTC/USDT', type: 1, price: '1000', quantity: amount },
        { symbol: 'BTC/USDT', type: 2, amount },
      ]) {
        expectTooLarge(await server.call(spotCalls.insertCoinOrder, input as never, { token }));
      }
      expectTooLarge(
        await server.call(
          moneyCalls.insertUserWithdraw,
          { walletId: 1, amount, payPassword: '123456' },
          { token },
        ),
      );
    }
  });

  it('are refused in the console’s chain fee, minimum and volume threshold', async () => {
    const admin = await consoleLogin(server, initialAdmin(server));
    const chains = await consoleCall(server, consoleCalls.listChains, {}, { token: admin });
    const usdt = chains.data.list.find((c) => c.currency === 'USDT')!;
    for (const field of ['withdrawFee', 'withdrawMin'] as const) {
      expectTooLarge(
        await consoleCall(
          server,
          consoleCalls.editChain,
          { id: usdt.id, [field]: PAST_INT64 },
          { token: admin },
        ),
      );
    }
    expectTooLarge(
      await consoleCall(
        server,
        consoleCalls.addChain,
        {
          currency: 'USDT',
          chain: 'HUGE',
          addressFormat: 'evm',
          depositAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
          withdrawFee: PAST_INT64,
          withdrawMin: '1',
        } as never,
        { token: admin },
      ),
    );
    expectTooLarge(
      await consoleCall(
        server,
        consoleCalls.setWithdrawalSettings,
        { volumeThreshold: PAST_INT64 },
        { token: admin },
      ),
    );
    const after = await consoleCall(server, consoleCalls.listChains, {}, { token: admin });
    expect(after.data.list.find((c) => c.id === usdt.id)).toEqual(usdt);
  });
});

describe('a configured limit per currency', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startServer({
      rateLimits: ROOMY_LIMITS,
      env: { AMOUNT_MAX: '5000000', AMOUNT_MAX_BY_CURRENCY: 'USDT=1000,BTC=0.5' },
    });
  });
  afterAll(() => limited.close());

  it('refuses more with the limit in the same text, and lets the limit itself through', async () => {
    const { token } = await limited.register();
    const transfer = (amount: string) =>
      limited.call(
        assetsCalls.transferUserMoney,
        { from: 'coin', to: 'contract', amount, currency: 'USDT' } as never,
        { token },
      );
    expectTooLarge(await transfer('1000.00000001'), '1,000');
    expect((await transfer('1000')).status).toBe(1);
    const buy = (price: string, quantity: string) =>
      limited.call(
        spotCalls.insertCoinOrder,
        { symbol: 'BTC/USDT', type: 1, price, quantity } as never,
        { token },
      );
    const recharge = async (currency: string, chain: string, amount: string, seed: number) =>
      multipartCall(
        limited,
        moneyCalls.insertUserRecharge,
        { currency, chain, amount, image: await pngImage(seed) },
        { token },
      );
    expectTooLarge(await buy('1000', '0.6'), '0.5');
    // A hold above the quote's limit: 0.5 BTC at 3000 USDT.
    expectTooLarge(await buy('3000', '0.5'), '1,000');
    expectTooLarge(await recharge('USDT', 'TRC20', '1000.5', 6), '1,000');
    // ETH has no limit of its own: AMOUNT_MAX.
    expectTooLarge(await recharge('ETH', 'ERC20', '5000001', 7), '5,000,000');
  });

  it('refuses a withdrawal above it after the other checks', async () => {
    const admin = await consoleLogin(limited, initialAdmin(limited));
    const trader = await withdrawingTrader(limited, admin, '1000');
    expectTooLarge(await requestWithdrawal(limited, trader, '1000.5'), '1,000');
    expect((await requestWithdrawal(limited, trader, '900')).status).toBe(1);
  });

  it('refuses a configuration above the contract’s limit at start', () => {
    expect(() => loadConfig({ AMOUNT_MAX: '90000001' })).toThrow(/AMOUNT_MAX/);
    expect(() => loadConfig({ AMOUNT_MAX_BY_CURRENCY: 'BTC=0' })).toThrow(/BTC/);
    expect(() => loadConfig({ AMOUNT_MAX_BY_CURRENCY: 'btc:5' })).toThrow(/CURRENCY=amount/);
  });
});
