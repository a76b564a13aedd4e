import { newsign, userCalls } from '@tidemark/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startServer, type TestServer } from '../test/harness';
import { userChannel } from './hub';

let server: TestServer;
beforeAll(async () => {
  // A quiet feed: these tests expect the next frame to be theirs, not a market tick.
  server = await startServer({ env: { MARKET_TICK_MS: '60000' } });
});
afterAll(() => server.close());

interface Connection {
  socket: WebSocket;
  /** The next message as text; rejects after `ms` without one. */
  next(ms?: number): Promise<string>;
  /** The next message parsed as JSON. */
  nextJson(): Promise<{ channel: string; data: unknown }>;
  closed: Promise<{ code: number; reason: string }>;
  send(value: unknown): void;
}

const freshSign = () => newsign(server.config.newsignSecret, server.clock.now());

function connect(
  params: Record<string, string>,
  options: WebSocket.ClientOptions = {},
): Connection {
  const url = `${server.url.replace('http', 'ws')}/ws?${new URLSearchParams(params).toString()}`;
  const socket = new WebSocket(url, options);
  const queue: string[] = [];
  const waiters: ((text: string) => void)[] = [];
  socket.on('message', (data: WebSocket.RawData) => {
    const text = Buffer.isBuffer(data) ? data.toString('utf8') : String(data);
    const waiter = waiters.shift();
    if (waiter) waiter(text);
    else queue.push(text);
  });
  socket.on('error', () => {});
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') }));
  });
  const next = (ms = 5_000) => {
    const queued = queue.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no message within the time')), ms);
      waiters.push((text) => {
        clearTimeout(timer);
        resolve(text);
      });
    });
  };
  return {
    socket,
    next,
    nextJson: async () => JSON.parse(await next()) as { channel: string; data: unknown },
    closed,
    send: (value) => socket.send(typeof value === 'string' ? value : JSON.stringify(value)),
  };
}

/** Opens a connection and waits for its `success` greeting. */
async function ready(params: Record<string, string> = {}): Promise<Connection> {
  const connection = connect({ sign: freshSign(), localtimes: String(Date.now()), ...params });
  expect(await connection.next()).toBe('success');
  return connection;
}

/**
 * Sends a heartbeat and answers the next message: messages are handled in order, so anything sent
 * before it (a subscription) is done, and anything the server sent in between shows up first.
 */
async function roundTrip(connection: Connection) {
  connection.send({ type: 1 });
  return connection.nextJson();
}

// Each test starts with no client connected, so publish counts are its own.
const opened: Connection[] = [];
afterEach(async () => {
  for (const c of opened.splice(0)) c.socket.close();
  await expect.poll(() => server.hub.size).toBe(0);
});
async function open(params: Record<string, string> = {}): Promise<Connection> {
  const connection = await ready(params);
  opened.push(connection);
  return connection;
}

describe('connecting', () => {
  it('greets with the plain text "success"', async () => {
    const connection = await open();
    expect(connection.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('answers the {"type":1} heartbeat with the server time', async () => {
    const connection = await open();
    const answer = await roundTrip(connection);
    expect(answer.channel).toBe('heartbeat');
    const { serverTime } = answer.data as { serverTime: number };
    expect(Number.isInteger(serverTime)).toBe(true);
    expect(Math.abs(serverTime - server.clock.now())).toBeLessThan(5_000);
  });

  it('closes with 4402 for a stale or missing sign', async () => {
    const stale = connect({
      sign: newsign(server.config.newsignSecret, server.clock.now() - 60_000),
      localtimes: String(Date.now()),
    });
    expect((await stale.closed).code).toBe(4402);
    const missing = connect({ localtimes: String(Date.now()) });
    expect((await missing.closed).code).toBe(4402);
    const garbage = connect({ sign: 'garbage' });
    expect((await garbage.closed).code).toBe(4402);
  });

  it('accepts the sign of the previous window', async () => {
    await open({ sign: newsign(server.config.newsignSecret, server.clock.now() - 20_000) });
  });

  it('closes with 4401 for a bad or revoked token', async () => {
    const bad = connect({ sign: freshSign(), token: 'not-a-token' });
    expect((await bad.closed).code).toBe(4401);

    const { token } = await server.register();
    await open({ token });
    expect((await server.call(userCalls.logout, {}, { token })).status).toBe(1);
    const revoked = connect({ sign: freshSign(), token });
    expect((await revoked.closed).code).toBe(4401);
  });

  it('closes with 4403 for a foreign browser origin and accepts its own', async () => {
    const foreign = connect({ sign: freshSign() }, { origin: 'https://evil.example' });
    expect((await foreign.closed).code).toBe(4403);
    const own = connect({ sign: freshSign() }, { origin: server.url });
    opened.push(own);
    expect(await own.next()).toBe('success');
  });

  it('answers a malformed message with an error and stays open', async () => {
    const connection = await open();
    connection.send('hello');
    expect(await connection.nextJson()).toEqual({
      channel: 'error',
      data: { message: 'invalid message' },
    });
    connection.send({ type: 'sub' });
    expect((await connection.nextJson()).channel).toBe('error');
    expect((await roundTrip(connection)).channel).toBe('heartbeat');
  });

  it('forgets a client once it disconnects', async () => {
    expect(server.hub.size).toBe(0);
    const connection = await ready();
    expect(server.hub.size).toBe(1);
    connection.socket.close();
    await connection.closed;
    await expect.poll(() => server.hub.size).toBe(0);
  });
});

describe('channels', () => {
  it('refuses the user channel without a token', async () => {
    const connection = await open();
    connection.send({ type: 'sub', channels: ['user'] });
    expect(await connection.nextJson()).toEqual({ channel: 'error', data: { refused: ['user'] } });
  });

  it("accepts the user channel with a valid token and delivers only that user's events", async () => {
    const a = await server.register();
    const b = await server.register();
    const idA = (await server.call(userCalls.findUserInfo, {}, { token: a.token })).data.id;
    const connA = await open({ token: a.token });
    const connB = await open({ token: b.token });
    for (const c of [connA, connB]) {
      c.send({ type: 'sub', channels: ['user'] });
      // No error before the heartbeat: the subscription was accepted.
      expect((await roundTrip(c)).channel).toBe('heartbeat');
    }

    expect(server.hub.publish(userChannel(idA), { event: 'balance' })).toBe(1);
    expect(await connA.nextJson()).toEqual({ channel: 'user', data: { event: 'balance' } });
    // B got nothing: its next message is the answer to its own heartbeat.
    expect((await roundTrip(connB)).channel).toBe('heartbeat');
  });

  it('tells publishers whether anyone listens to a channel, so they can skip the work', async () => {
    const { token } = await server.register();
    const id = (await server.call(userCalls.findUserInfo, {}, { token })).data.id;
    expect(server.app.bus.listened(userChannel(id))).toBe(false);
    const connection = await open({ token });
    connection.send({ type: 'sub', channels: ['user'] });
    expect((await roundTrip(connection)).channel).toBe('heartbeat');
    expect(server.app.bus.listened(userChannel(id))).toBe(true);
    connection.send({ type: 'unsub', channels: ['user'] });
    expect((await roundTrip(connection)).channel).toBe('heartbeat');
    expect(server.app.bus.listened(userChannel(id))).toBe(false);
  });

  it("refuses someone else's user channel and unknown channels", async () => {
    const { token } = await server.register();
    const connection = await open({ token });
    connection.send({ type: 'sub', channels: ['user:1', 'secret', 'tickers', 'depth.BTC/USDT'] });
    expect(await connection.nextJson()).toEqual({
      channel: 'error',
      data: { refused: ['user:1', 'secret'] },
    });
  });

  it("delivers hub.publish('tickers', ...) to a subscriber as {channel, data}", async () => {
    const subscriber = await open();
    const bystander = await open();
    subscriber.send({ type: 'sub', channels: ['tickers'] });
    expect((await roundTrip(subscriber)).channel).toBe('heartbeat');

    const data = { 'BTC/USDT': { last: '64000.12000000', change: '0.0125' } };
    expect(server.hub.publish('tickers', data)).toBe(1);
    expect(await subscriber.nextJson()).toEqual({ channel: 'tickers', data });
    expect((await roundTrip(bystander)).channel).toBe('heartbeat');

    subscriber.send({ type: 'unsub', channels: ['tickers'] });
    expect((await roundTrip(subscriber)).channel).toBe('heartbeat');
    expect(server.hub.publish('tickers', data)).toBe(0);
    expect((await roundTrip(subscriber)).channel).toBe('heartbeat');
  });

  it('delivers to every subscriber of a market channel', async () => {
    const one = await open();
    const two = await open();
    for (const c of [one, two]) {
      c.send({ type: 'sub', channels: ['trades.ETH/USDT'] });
      expect((await roundTrip(c)).channel).toBe('heartbeat');
    }
    expect(server.hub.publish('trades.ETH/USDT', [{ price: '3000' }])).toBe(2);
    for (const c of [one, two]) {
      expect(await c.nextJson()).toEqual({ channel: 'trades.ETH/USDT', data: [{ price: '3000' }] });
    }
  });
});

describe('sessions that end', () => {
  it('closes the sockets of a session at logout, and only those', async () => {
    const { token, email, password } = await server.register();
    const other = await server.call(userCalls.login, { account: email, password });
    const first = await open({ token });
    const second = await open({ token: other.data.token });
    expect((await server.call(userCalls.logout, {}, { token })).status).toBe(1);
    expect(await first.closed).toMatchObject({ code: 4401 });
    expect((await roundTrip(second)).channel).toBe('heartbeat');
  });

  it('closes every socket of the user when the password changes', async () => {
    const { token, email, password } = await server.register();
    const other = await server.call(userCalls.login, { account: email, password });
    const sockets = [await open({ token }), await open({ token: other.data.token })];
    const visitor = await open();
    const changed = await server.call(
      userCalls.updateUserPassword,
      { oldPassword: password, newPassword: 'Changed2026', confirmPassword: 'Changed2026' },
      { token },
    );
    expect(changed.status).toBe(1);
    for (const socket of sockets) expect(await socket.closed).toMatchObject({ code: 4401 });
    expect((await roundTrip(visitor)).channel).toBe('heartbeat');
  });
});
