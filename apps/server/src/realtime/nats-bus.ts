import { randomBytes } from 'node:crypto';
import os from 'node:os';
// Types only: the library itself is loaded by connect(), so a process without NATS_URL never
// loads it (the server bundle keeps npm packages external, and a static import would be hoisted).
import type * as JetStreamLib from '@nats-io/jetstream';
import type { JetStreamClient } from '@nats-io/jetstream';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import {
  Announcements,
  NoAnswerError,
  NoServerError,
  type AnnouncementHandler,
  type Bus,
  type ServiceHandler,
} from './bus';
import type { Hub } from './hub';
import {
  announcementSubject,
  announcementSubjects,
  eventStream,
  eventSubject,
  eventSubjects,
  serviceSubject,
  tokenChannel,
} from './subjects';

export interface NatsBusOptions {
  /** NATS_URL: one server or several separated by commas. */
  url: string;
  /** NATS_PREFIX: the installation's subjects and stream (several may share one NATS). */
  prefix: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * How long the stream keeps an event (a later reader may replay the last minutes). Kept in NATS's
 * memory: these are live prices and notices, hundreds a second, not records (the database holds
 * those), and a disk write for each would only cost.
 */
const KEEP_MS = 5 * 60_000;
/** The stream's size cap; the oldest events go first. */
const KEEP_BYTES = 64 * 1_048_576;
/** How long a closing bus waits for NATS to take what is still buffered. */
const DRAIN_MS = 2_000;
/** A failing publish is logged at most this often (with how many failed since). */
const WARN_EVERY_MS = 10_000;

/**
 * The bus between server processes (DESIGN.md principle 2, scale-out): every event is published
 * on the installation's JetStream stream under its channel's subject (serialised once, here, so
 * a publisher's lazy frame is built once), and each process's hub holds ONE NATS subscription per
 * channel that a local client listens to: taken when the first local client subscribes, dropped
 * when the last one leaves. A process's own events come back to it through NATS like everyone
 * else's, so every process sees one order of events per channel.
 */
export class NatsBus implements Bus {
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly announcements = new Announcements();
  /** This process on the announcement subjects: its own announcements are not run twice. */
  private readonly origin = randomBytes(8).toString('hex');
  private failed = 0;
  private lastWarning = 0;

  private constructor(
    private readonly connection: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly hub: Hub,
    private readonly options: NatsBusOptions,
  ) {}

  /** Connects (failing the start when NATS cannot be reached), makes sure the stream exists. */
  static async connect(hub: Hub, options: NatsBusOptions): Promise<NatsBus> {
    const { connect } = await import('@nats-io/transport-node');
    const jetstreamLib = await import('@nats-io/jetstream');
    let connection: NatsConnection;
    try {
      connection = await connect({
        servers: options.url.split(',').map((s) => s.trim()),
        name: `tidemark ${os.hostname()} ${process.pid}`,
        // Once connected, keep trying for ever: NATS restarting must not stop the server.
        maxReconnectAttempts: -1,
        reconnectTimeWait: 1_000,
      });
    } catch (error) {
      throw new Error(`NATS_URL: cannot connect to ${options.url}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    try {
      await ensureStream(jetstreamLib, connection, options.prefix);
    } catch (error) {
      await connection.close();
      throw new Error(
        `NATS_URL: ${options.url} has no usable JetStream (is the server started with -js?): ${(error as Error).message}`,
        { cause: error },
      );
    }
    const bus = new NatsBus(connection, jetstreamLib.jetstream(connection), hub, options);
    void bus.watchStatus();
    hub.watchChannels((channel, active) =>
      active ? bus.subscribeChannel(channel) : bus.unsubscribeChannel(channel),
    );
    for (const channel of hub.activeChannels()) bus.subscribeChannel(channel);
    bus.listenToAnnouncements();
    return bus;
  }

  publish(channel: string, data: unknown): void {
    const json = JSON.stringify(data) ?? 'null';
    this.js.publish(eventSubject(this.options.prefix, channel), json).catch((error: unknown) => {
      this.failed += 1;
      const now = Date.now();
      if (now - this.lastWarning < WARN_EVERY_MS) return;
      this.lastWarning = now;
      this.options.log.warn({ err: error, failed: this.failed }, 'NATS: events not published');
      this.failed = 0;
    });
  }

  announce(topic: string, message: unknown): void {
    this.announcements.run(topic, message);
    if (this.connection.isClosed()) return;
    const body = `{"origin":"${this.origin}","message":${JSON.stringify(message) ?? 'null'}}`;
    try {
      this.connection.publish(announcementSubject(this.options.prefix, topic), body);
    } catch (error) {
      // Draining at shutdown: the other processes' state ages out by itself.
      this.options.log.warn({ err: error, topic }, 'NATS: announcement not sent');
    }
  }

  onAnnouncement(topic: string, handler: AnnouncementHandler): void {
    this.announcements.add(topic, handler);
  }

  serve(service: string, handler: ServiceHandler): () => void {
    const subject = serviceSubject(this.options.prefix, service);
    const subscription = this.connection.subscribe(subject, {
      callback: (error, message) => {
        if (error) {
          this.options.log.error({ err: error, service }, 'NATS: service subscription failed');
          return;
        }
        let request: unknown;
        try {
          request = message.json();
        } catch (failure) {
          this.options.log.warn({ err: failure, service }, 'NATS: unreadable request');
          return;
        }
        handler(request).then(
          (answer) => {
            if (!message.respond(JSON.stringify(answer) ?? 'null'))
              this.options.log.warn({ service }, 'NATS: a request without a reply subject');
          },
          (failure: unknown) =>
            // A handler answers its own refusals; what escapes it goes unanswered (the asker's
            // timeout says so) and is logged here.
            this.options.log.error({ err: failure, service }, 'NATS: service failed'),
        );
      },
    });
    return () => {
      if (!this.connection.isClosed()) subscription.unsubscribe();
    };
  }

  async request(service: string, request: unknown, timeoutMs: number): Promise<unknown> {
    const subject = serviceSubject(this.options.prefix, service);
    try {
      const reply = await this.connection.request(subject, JSON.stringify(request) ?? 'null', {
        timeout: timeoutMs,
      });
      return reply.json();
    } catch (error) {
      const failure = error as { name?: string; isNoResponders?: () => boolean };
      if (failure.name === 'RequestError' && failure.isNoResponders?.())
        throw new NoServerError(service);
      if (failure.name === 'TimeoutError') throw new NoAnswerError(service);
      throw error;
    }
  }

  /** Another process's client may listen to any channel: never skipped. */
  listened(): boolean {
    return true;
  }

  /** The channels this process holds a NATS subscription for. */
  subscribedChannels(): string[] {
    return [...this.subscriptions.keys()];
  }

  /** Resolves once NATS has every subscription and publish sent so far. */
  flush(): Promise<void> {
    return this.connection.flush();
  }

  /** Publishes what is still buffered, then closes the connection. */
  async close(): Promise<void> {
    this.hub.watchChannels(() => undefined);
    if (this.connection.isClosed()) return;
    // A NATS that is down would keep drain() waiting for a reconnect: not past DRAIN_MS.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.connection.drain().catch(() => undefined),
      new Promise((resolve) => (timer = setTimeout(resolve, DRAIN_MS))),
    ]);
    clearTimeout(timer);
    if (!this.connection.isClosed()) await this.connection.close();
  }

  private subscribeChannel(channel: string): void {
    if (this.subscriptions.has(channel) || this.connection.isClosed()) return;
    const subscription = this.connection.subscribe(eventSubject(this.options.prefix, channel), {
      callback: (error, message) => {
        if (error) {
          this.options.log.error({ err: error, channel }, 'NATS: subscription failed');
          return;
        }
        this.hub.publishJson(channel, message.string());
      },
    });
    this.subscriptions.set(channel, subscription);
  }

  /** One subscription for every announcement of the installation, from the start. */
  private listenToAnnouncements(): void {
    const prefix = `${this.options.prefix}.ctl.`;
    this.connection.subscribe(announcementSubjects(this.options.prefix), {
      callback: (error, message) => {
        if (error) {
          this.options.log.error({ err: error }, 'NATS: announcements failed');
          return;
        }
        try {
          const body = message.json<{ origin: string; message: unknown }>();
          if (body.origin === this.origin) return;
          this.announcements.run(tokenChannel(message.subject.slice(prefix.length)), body.message);
        } catch (failure) {
          this.options.log.error({ err: failure, subject: message.subject }, 'announcement failed');
        }
      },
    });
  }

  private unsubscribeChannel(channel: string): void {
    const subscription = this.subscriptions.get(channel);
    if (!subscription) return;
    this.subscriptions.delete(channel);
    if (!this.connection.isClosed()) subscription.unsubscribe();
  }

  private async watchStatus(): Promise<void> {
    for await (const status of this.connection.status()) {
      if (status.type === 'disconnect')
        this.options.log.warn({ server: status.server }, 'NATS: disconnected, reconnecting');
      else if (status.type === 'reconnect')
        this.options.log.info({ server: status.server }, 'NATS: reconnected');
    }
  }
}

/** The installation's event stream, made on first start (any process may be first). */
async function ensureStream(
  lib: typeof JetStreamLib,
  connection: NatsConnection,
  prefix: string,
): Promise<void> {
  const { JetStreamApiCodes, JetStreamApiError } = lib;
  const isNotFound = (error: unknown) =>
    error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound;
  const jsm = await lib.jetstreamManager(connection);
  const name = eventStream(prefix);
  try {
    await jsm.streams.info(name);
    return;
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  try {
    await jsm.streams.add({
      name,
      subjects: [eventSubjects(prefix)],
      storage: lib.StorageType.Memory,
      max_age: KEEP_MS * 1_000_000,
      max_bytes: KEEP_BYTES,
      // Two processes starting together: the second one's add meets the first one's stream.
    });
  } catch (error) {
    await jsm.streams.info(name).catch(() => {
      throw error;
    });
  }
}
