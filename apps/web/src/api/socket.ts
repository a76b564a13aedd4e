import {
  channels,
  socketReconnectDelayMs,
  TIMING,
  type AccountMode,
  type CandlePeriod,
  type ChannelData,
  type SOCKET_STATES,
} from '@tidemark/contract';
import { create } from 'zustand';

/**
 * The one websocket of the app (SPEC.md sections 3, 4 and 7; DESIGN.md section 4). Components
 * subscribe to channels through useChannel; the socket opens on the first subscription, keeps the
 * server's subscriptions equal to what is wanted here, and comes back after every drop.
 */

/** Server-pushed channels and what each carries. */
export type ChannelName =
  | 'tickers'
  | 'user'
  | `candle.${string}`
  | `depth.${string}`
  | `trades.${string}`
  | `support.visitor.${string}`;

export type DataOf<C extends ChannelName> = C extends 'tickers'
  ? ChannelData['tickers']
  : C extends 'user' | `support.visitor.${string}`
    ? ChannelData['user']
    : C extends `candle.${string}`
      ? ChannelData['candle']
      : C extends `depth.${string}`
        ? ChannelData['depth']
        : C extends `trades.${string}`
          ? ChannelData['trades']
          : never;

/** The contract's channel names, typed by what they carry. */
export const CHANNELS = {
  tickers: 'tickers',
  user: 'user',
  candle: (symbol: string, period: CandlePeriod) =>
    channels.candle(symbol, period) as `candle.${string}`,
  /** A book's depth and trades: the real book's, or the demo book's (see viewedBook). */
  depth: (symbol: string, book: AccountMode) => channels.depth(symbol, book) as `depth.${string}`,
  trades: (symbol: string, book: AccountMode) =>
    channels.trades(symbol, book) as `trades.${string}`,
} as const;

/** 'connecting' is the first attempt; the spec's three states follow it. */
export type SocketStatus = (typeof SOCKET_STATES)[number] | 'connecting';

interface SocketStatusState {
  status: SocketStatus;
  /** Failed attempts since the last accepted connection. */
  attempt: number;
}

/** Heartbeats well inside the 10 s silence limit, so a quiet market never looks like a dead socket. */
export const HEARTBEAT_MS = 4_000;

/** The server refused the token (4401) or the newsign (4402); see apps/server/src/realtime. */
const CLOSE_BAD_TOKEN = 4401;

type Handler = (data: unknown) => void;

export interface SocketClientOptions {
  /** The /ws url with the token (if any), a fresh newsign and the local time. */
  url: (token: string | null) => Promise<string>;
  onStatus?: (state: SocketStatusState) => void;
}

export class SocketClient {
  private socket: WebSocket | null = null;
  private readonly handlers = new Map<string, Set<{ fn: Handler }>>();
  /** What the server has been told; empty again after each reconnect. */
  private serverChannels = new Set<string>();
  private token: string | null = null;
  /** A token the server refused: the socket carries on as a visitor until the token changes. */
  private refusedToken: string | null = null;
  private attempt = 0;
  private status: SocketStatus = 'closed';
  /** Bumped by every connect and every drop, so a url signed for an old attempt is not used. */
  private generation = 0;
  private syncQueued = false;
  private disposed = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private silenceTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeatTimer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly options: SocketClientOptions) {}

  get state(): SocketStatusState {
    return { status: this.status, attempt: this.attempt };
  }

  /** Starts listening to a channel; answers the function that stops. */
  subscribe(channel: string, fn: Handler): () => void {
    const entry = { fn };
    let set = this.handlers.get(channel);
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(entry);
    if (this.status === 'closed' && !this.disposed) this.connect();
    this.queueSync();
    return () => {
      const current = this.handlers.get(channel);
      current?.delete(entry);
      if (current?.size === 0) this.handlers.delete(channel);
      this.queueSync();
    };
  }

  /** A new session token: the socket reconnects at once so the `user` channel follows it. */
  setToken(token: string | null): void {
    if (token === this.token) return;
    this.token = token;
    this.refusedToken = null;
    if (this.status === 'closed' || this.disposed) return;
    this.drop(this.socket);
    this.clearReconnect();
    this.attempt = 0;
    this.connect();
  }

  /** Closes for good (tests, hot reload). */
  dispose(): void {
    this.disposed = true;
    this.clearReconnect();
    this.drop(this.socket);
    this.handlers.clear();
    this.setStatus('closed');
  }

  private connect(): void {
    const generation = ++this.generation;
    const token = this.token && this.token !== this.refusedToken ? this.token : null;
    this.setStatus(this.attempt === 0 ? 'connecting' : 'reconnecting');
    this.options.url(token).then(
      (url) => {
        if (generation === this.generation && !this.disposed) this.open(url, token);
      },
      () => {
        if (generation === this.generation) this.scheduleReconnect();
      },
    );
  }

  private open(url: string, token: string | null): void {
    let socket: WebSocket;
    try {
      socket = new WebSocket(url);
    } catch {
      // A url the browser refuses outright (blocked scheme, bad host): try again later.
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.serverChannels = new Set();
    this.watchSilence(socket);
    socket.onopen = () => {
      if (socket !== this.socket) return;
      this.sync();
      this.heartbeatTimer = setInterval(() => this.send({ type: 1 }), HEARTBEAT_MS);
    };
    socket.onmessage = (event: MessageEvent) => {
      if (socket !== this.socket) return;
      this.watchSilence(socket);
      this.receive(event.data);
    };
    // An error is followed by a close in browsers, but not always in every engine: treat it as one.
    socket.onerror = () => this.lost(socket, token, undefined);
    socket.onclose = (event: CloseEvent) => this.lost(socket, token, event.code);
  }

  private receive(raw: unknown): void {
    if (typeof raw !== 'string') return;
    if (raw === 'success') {
      // The server accepted us: the back-off starts over.
      this.attempt = 0;
      this.setStatus('connected');
      return;
    }
    let frame: { channel?: unknown; data?: unknown };
    try {
      frame = JSON.parse(raw) as typeof frame;
    } catch {
      return;
    }
    if (typeof frame.channel !== 'string') return;
    if (this.status !== 'connected') {
      this.attempt = 0;
      this.setStatus('connected');
    }
    if (frame.channel === 'error') console.warn('socket:', JSON.stringify(frame.data));
    for (const entry of this.handlers.get(frame.channel) ?? []) {
      try {
        entry.fn(frame.data);
      } catch (error) {
        console.error(error);
      }
    }
  }

  private lost(socket: WebSocket, token: string | null, code: number | undefined): void {
    if (socket !== this.socket) return;
    if (code === CLOSE_BAD_TOKEN && token) this.refusedToken = token;
    this.drop(socket);
    this.scheduleReconnect();
  }

  /** Forgets a socket and its timers; it may still be connecting, so its handlers go too. */
  private drop(socket: WebSocket | null): void {
    this.generation += 1;
    clearTimeout(this.silenceTimer);
    clearInterval(this.heartbeatTimer);
    this.silenceTimer = undefined;
    this.heartbeatTimer = undefined;
    if (!socket) return;
    if (socket === this.socket) this.socket = null;
    socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
    try {
      socket.close();
    } catch {
      // closing a socket that never opened can throw in some engines; it is gone either way
    }
  }

  private scheduleReconnect(): void {
    if (this.disposed || this.reconnectTimer) return;
    this.attempt += 1;
    this.setStatus('reconnecting');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect();
    }, socketReconnectDelayMs(this.attempt));
  }

  private clearReconnect(): void {
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
  }

  /** Nothing heard for TIMING.socketTimeoutMs (heartbeat answers included): the socket is dead. */
  private watchSilence(socket: WebSocket): void {
    clearTimeout(this.silenceTimer);
    this.silenceTimer = setTimeout(
      () => this.lost(socket, null, undefined),
      TIMING.socketTimeoutMs,
    );
  }

  /** Subscriptions change in bursts (a page mounting, StrictMode's double effects): send once. */
  private queueSync(): void {
    if (this.syncQueued) return;
    this.syncQueued = true;
    queueMicrotask(() => {
      this.syncQueued = false;
      this.sync();
    });
  }

  private sync(): void {
    if (this.socket?.readyState !== WebSocket.OPEN) return;
    const wanted = [...this.handlers.keys()];
    const add = wanted.filter((c) => !this.serverChannels.has(c));
    const remove = [...this.serverChannels].filter((c) => !this.handlers.has(c));
    if (add.length) this.send({ type: 'sub', channels: add });
    if (remove.length) this.send({ type: 'unsub', channels: remove });
    this.serverChannels = new Set(wanted);
  }

  private send(message: object): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private setStatus(status: SocketStatus): void {
    this.status = status;
    this.options.onStatus?.(this.state);
  }
}

/** The socket's state for the screens (a "live" dot, a reconnecting hint). */
export const useSocketStatus = create<SocketStatusState>(() => ({ status: 'closed', attempt: 0 }));
