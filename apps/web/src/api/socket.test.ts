import { socketReconnectDelayMs, TIMING } from '@tidemark/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_MS, SocketClient, type SocketStatus } from './socket';

/** A WebSocket the test drives from the server's side. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static all: FakeSocket[] = [];

  readyState = FakeSocket.CONNECTING;
  sent: unknown[] = [];
  closedByClient = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.closedByClient = true;
    this.readyState = FakeSocket.CLOSED;
  }

  // --- the server's side ---
  accept() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
    this.push('success');
  }
  push(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
  drop(code = 1006) {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code });
  }
  fail() {
    this.onerror?.();
  }
}

const latest = () => FakeSocket.all.at(-1)!;
/** Lets the async url signing and the batched subscription changes run. */
const flush = () => vi.advanceTimersByTimeAsync(0);

let statuses: SocketStatus[];
let client: SocketClient;

function makeClient() {
  statuses = [];
  client = new SocketClient({
    url: async (token) => `ws://test/ws${token ? `?token=${token}` : ''}`,
    onStatus: (s) => statuses.push(s.status),
  });
  return client;
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  makeClient();
});
afterEach(() => {
  client.dispose();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('one socket, opened on the first subscription', () => {
  it('stays closed until something subscribes, then opens once', async () => {
    client.setToken('tok');
    await flush();
    expect(FakeSocket.all).toHaveLength(0);
    client.subscribe('tickers', () => undefined);
    client.subscribe('trades.BTC/USDT', () => undefined);
    await flush();
    expect(FakeSocket.all).toHaveLength(1);
    expect(latest().url).toBe('ws://test/ws?token=tok');
  });

  it('sends one sub for the wanted channels once open, ignores "success", routes frames', async () => {
    const tickers = vi.fn();
    const trades = vi.fn();
    client.subscribe('tickers', tickers);
    client.subscribe('trades.BTC/USDT', trades);
    await flush();
    latest().accept();
    expect(latest().sent).toEqual([{ type: 'sub', channels: ['tickers', 'trades.BTC/USDT'] }]);
    expect(statuses).toEqual(['connecting', 'connected']);
    latest().push({ channel: 'tickers', data: [{ symbol: 'BTC/USDT' }] });
    latest().push('not json');
    latest().push({ channel: 'depth.ETH/USDT', data: {} });
    expect(tickers).toHaveBeenCalledWith([{ symbol: 'BTC/USDT' }]);
    expect(trades).not.toHaveBeenCalled();
  });

  it('counts subscribers: the server hears sub once and unsub after the last one leaves', async () => {
    const a = client.subscribe('depth.BTC/USDT', () => undefined);
    const b = client.subscribe('depth.BTC/USDT', () => undefined);
    await flush();
    latest().accept();
    a();
    await flush();
    expect(latest().sent).toEqual([{ type: 'sub', channels: ['depth.BTC/USDT'] }]);
    b();
    await flush();
    expect(latest().sent.at(-1)).toEqual({ type: 'unsub', channels: ['depth.BTC/USDT'] });
  });

  it('sends nothing for a subscription that comes and goes in one burst (StrictMode)', async () => {
    client.subscribe('tickers', () => undefined);
    await flush();
    latest().accept();
    const off = client.subscribe('candle.BTC/USDT.1min', () => undefined);
    off();
    client.subscribe('candle.BTC/USDT.1min', () => undefined);
    await flush();
    expect(latest().sent).toEqual([
      { type: 'sub', channels: ['tickers'] },
      { type: 'sub', channels: ['candle.BTC/USDT.1min'] },
    ]);
  });
});

describe('staying alive', () => {
  it(`sends {"type":1} every ${HEARTBEAT_MS} ms`, async () => {
    client.subscribe('tickers', () => undefined);
    await flush();
    latest().accept();
    latest().sent = [];
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS * 2);
    expect(latest().sent).toEqual([{ type: 1 }, { type: 1 }]);
  });

  it('a heartbeat answer keeps the socket; 10 s of silence counts it dead and reconnects', async () => {
    client.subscribe('tickers', () => undefined);
    await flush();
    const first = latest();
    first.accept();
    await vi.advanceTimersByTimeAsync(TIMING.socketTimeoutMs - 1);
    first.push({ channel: 'heartbeat', data: { serverTime: 1 } });
    await vi.advanceTimersByTimeAsync(TIMING.socketTimeoutMs - 1);
    expect(first.closedByClient).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(first.closedByClient).toBe(true);
    expect(statuses.at(-1)).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(socketReconnectDelayMs(1));
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('a socket that never opens is given up after 10 s too', async () => {
    client.subscribe('tickers', () => undefined);
    await flush();
    await vi.advanceTimersByTimeAsync(TIMING.socketTimeoutMs);
    expect(FakeSocket.all[0]!.closedByClient).toBe(true);
    expect(statuses.at(-1)).toBe('reconnecting');
  });

  it('re-subscribes every channel after a reconnect', async () => {
    const frames = vi.fn();
    client.subscribe('tickers', frames);
    client.subscribe('candle.ETH/USDT.15min', () => undefined);
    await flush();
    latest().accept();
    latest().drop();
    await vi.advanceTimersByTimeAsync(3_000);
    latest().accept();
    expect(latest().sent).toEqual([
      { type: 'sub', channels: ['tickers', 'candle.ETH/USDT.15min'] },
    ]);
    latest().push({ channel: 'tickers', data: [] });
    expect(frames).toHaveBeenCalledTimes(1);
  });

  it('an error triggers a reconnect', async () => {
    client.subscribe('tickers', () => undefined);
    await flush();
    latest().accept();
    latest().fail();
    expect(latest().closedByClient).toBe(true);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(FakeSocket.all).toHaveLength(2);
  });
});

describe('the reconnect schedule of SPEC.md section 9', () => {
  it('waits 3 s for 20 attempts, 10 s up to 50, then 450 s', async () => {
    client.subscribe('tickers', () => undefined);
    await flush();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 52; attempt++) {
      const before = FakeSocket.all.length;
      latest().drop();
      let waited = 0;
      while (FakeSocket.all.length === before) {
        await vi.advanceTimersByTimeAsync(1_000);
        waited += 1_000;
      }
      waits.push(waited);
    }
    expect(waits.slice(0, 20).every((w) => w === 3_000)).toBe(true);
    expect(waits.slice(20, 50).every((w) => w === 10_000)).toBe(true);
    expect(waits.slice(50)).toEqual([450_000, 450_000]);
  });

  it('starts over once the server accepts a connection', async () => {
    client.subscribe('tickers', () => undefined);
    await flush();
    for (let i = 0; i < 25; i++) {
      latest().drop();
      await vi.advanceTimersByTimeAsync(10_000);
    }
    expect(client.state.attempt).toBe(25);
    latest().accept();
    expect(client.state.attempt).toBe(0);
    latest().drop();
    await vi.advanceTimersByTimeAsync(2_999);
    const count = FakeSocket.all.length;
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all.length).toBe(count + 1);
  });
});

describe('following the session', () => {
  it('reconnects at once with the new token on login and without one on logout', async () => {
    client.subscribe('user', () => undefined);
    await flush();
    latest().accept();
    expect(latest().url).toBe('ws://test/ws');
    client.setToken('fresh');
    await flush();
    expect(FakeSocket.all[0]!.closedByClient).toBe(true);
    expect(latest().url).toBe('ws://test/ws?token=fresh');
    latest().accept();
    expect(latest().sent).toEqual([{ type: 'sub', channels: ['user'] }]);
    client.setToken(null);
    await flush();
    expect(FakeSocket.all).toHaveLength(3);
    expect(latest().url).toBe('ws://test/ws');
  });

  it('carries on as a visitor when the server refuses the token (4401)', async () => {
    client.setToken('revoked');
    client.subscribe('tickers', () => undefined);
    await flush();
    latest().drop(4401);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(latest().url).toBe('ws://test/ws');
  });

  it('a token change while reconnecting connects at once', async () => {
    client.subscribe('tickers', () => undefined);
    await flush();
    latest().drop();
    expect(statuses.at(-1)).toBe('reconnecting');
    client.setToken('new');
    await flush();
    expect(FakeSocket.all).toHaveLength(2);
    expect(latest().url).toBe('ws://test/ws?token=new');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(FakeSocket.all).toHaveLength(2);
  });
});
