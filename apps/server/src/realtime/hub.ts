import type { WebSocket } from 'ws';

/** A connected client: its socket, its user (null for a visitor) and its channels. */
interface Client {
  socket: WebSocket;
  userId: number | null;
  sessionId: number | null;
  channels: Set<string>;
}

const PUBLIC_CHANNEL =
  /^(tickers|(candle\.[A-Z0-9]{2,10}\/[A-Z0-9]{2,10}\.[0-9a-z]{3,5})|((depth|trades)\.[A-Z0-9]{2,10}\/[A-Z0-9]{2,10}(\.demo)?))$/;
const MAX_CHANNELS_PER_CLIENT = 64;
/**
 * A visitor's support conversation (support.visitor.<visitor id>): the name holds the random id
 * only that browser knows, so knowing the name is being its owner.
 */
const VISITOR_CHANNEL = /^support\.visitor\.[A-Za-z0-9_-]{22,64}$/;

/** The channel a user's own events go to; clients subscribe to it as plain `user`. */
export const userChannel = (userId: number) => `user:${userId}`;

/**
 * Told when a channel gains its first client of this process (`true`) and loses its last
 * (`false`): a bus between processes subscribes per channel, not per client.
 */
export type ChannelWatcher = (channel: string, active: boolean) => void;

/**
 * Fan-out of server events to websocket clients by channel. A message is serialised once per
 * publish, not once per client.
 */
export class Hub {
  private readonly clients = new Set<Client>();
  private readonly byChannel = new Map<string, Set<Client>>();
  private watcher: ChannelWatcher | null = null;

  get size(): number {
    return this.clients.size;
  }

  /** Bytes queued in every client's send buffer (slow readers make it grow). */
  bufferedBytes(): number {
    let bytes = 0;
    for (const client of this.clients) bytes += client.socket.bufferedAmount;
    return bytes;
  }

  /** Sets the one watcher of channels becoming active or idle (the NATS bus). */
  watchChannels(watcher: ChannelWatcher): void {
    this.watcher = watcher;
  }

  /** The channels at least one client of this process subscribes to. */
  activeChannels(): IterableIterator<string> {
    return this.byChannel.keys();
  }

  add(socket: WebSocket, user: { id: number; sessionId: number } | null): Client {
    const client: Client = {
      socket,
      userId: user?.id ?? null,
      sessionId: user?.sessionId ?? null,
      channels: new Set(),
    };
    this.clients.add(client);
    return client;
  }

  /**
   * Closes the sockets opened with a session that has just ended (logout), or with any session of
   * a user (password change or reset, freeze): a revoked token must stop receiving events at once.
   */
  disconnect(
    match: { sessionId: number } | { userId: number },
    code: number,
    reason: string,
  ): number {
    let closed = 0;
    for (const client of this.clients) {
      const hit =
        'sessionId' in match
          ? client.sessionId === match.sessionId
          : client.userId === match.userId;
      if (!hit) continue;
      this.remove(client);
      client.socket.close(code, reason);
      closed++;
    }
    return closed;
  }

  remove(client: Client): void {
    for (const channel of client.channels) this.leave(client, channel);
    this.clients.delete(client);
  }

  /** Subscribes to the channels a client may see; answers the ones refused. */
  subscribe(client: Client, channels: readonly string[]): string[] {
    const refused: string[] = [];
    for (const name of channels) {
      const channel = this.resolve(client, name);
      if (!channel || client.channels.size >= MAX_CHANNELS_PER_CLIENT) {
        refused.push(name);
        continue;
      }
      this.enter(client, channel);
    }
    return refused;
  }

  /**
   * Subscribes a client to a channel the server chose for it (an operator's console feed), one no
   * client may name itself.
   */
  join(client: Client, channel: string): void {
    this.enter(client, channel);
  }

  unsubscribe(client: Client, channels: readonly string[]): void {
    for (const name of channels) {
      const channel = this.resolve(client, name);
      if (!channel || !client.channels.has(channel)) continue;
      client.channels.delete(channel);
      this.leave(client, channel);
    }
  }

  /** How many clients subscribe to the channel. */
  subscribers(channel: string): number {
    return this.byChannel.get(channel)?.size ?? 0;
  }

  /** Sends `{channel, data}` to every subscriber; `user:<id>` channels arrive as `user`. */
  publish(channel: string, data: unknown): number {
    const members = this.byChannel.get(channel);
    if (!members || members.size === 0) return 0;
    const shown = channel.startsWith('user:') ? 'user' : channel;
    // Encoded once for all subscribers (ws would otherwise turn the string into bytes per client),
    // and still sent as a text frame.
    return this.send(members, Buffer.from(JSON.stringify({ channel: shown, data })));
  }

  /**
   * publish() of data already serialised as JSON (an event from another process): the frame is
   * put together around it, not parsed and encoded again.
   */
  publishJson(channel: string, json: string): number {
    const members = this.byChannel.get(channel);
    if (!members || members.size === 0) return 0;
    const shown = channel.startsWith('user:') ? 'user' : channel;
    return this.send(members, Buffer.from(`{"channel":${JSON.stringify(shown)},"data":${json}}`));
  }

  private send(members: Set<Client>, frame: Buffer): number {
    let sent = 0;
    for (const client of members) {
      if (client.socket.readyState === client.socket.OPEN) {
        client.socket.send(frame, { binary: false });
        sent++;
      }
    }
    return sent;
  }

  closeAll(code: number, reason: string): void {
    for (const client of this.clients) client.socket.close(code, reason);
  }

  private enter(client: Client, channel: string): void {
    client.channels.add(channel);
    let members = this.byChannel.get(channel);
    if (!members) {
      this.byChannel.set(channel, (members = new Set()));
      this.watcher?.(channel, true);
    }
    members.add(client);
  }

  private leave(client: Client, channel: string): void {
    const members = this.byChannel.get(channel);
    if (!members?.delete(client) || members.size > 0) return;
    this.byChannel.delete(channel);
    this.watcher?.(channel, false);
  }

  private resolve(client: Client, name: string): string | null {
    if (name === 'user') return client.userId === null ? null : userChannel(client.userId);
    return PUBLIC_CHANNEL.test(name) || VISITOR_CHANNEL.test(name) ? name : null;
  }
}
