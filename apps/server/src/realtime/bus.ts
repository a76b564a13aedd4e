import type { Hub } from './hub';

/**
 * Where server events go. In one process the bus hands them straight to the websocket hub; scaled
 * out, a NATS bus carries them to every process's hub. Publishers never talk to the hub directly.
 */
export interface Bus {
  publish(channel: string, data: unknown): void;
  /**
   * False only when nobody can be listening to the channel, so a publisher may skip reading what
   * it would send. A bus to other processes cannot know, and answers true.
   */
  listened(channel: string): boolean;
  /**
   * Tells every process of a change to what each keeps in memory (a session ended: its cache
   * entries and sockets go). This process's handlers run at once, before announce returns; the
   * other processes' as the message reaches them. Delivery to others is at most once (a process
   * cut off from NATS at that moment misses it), so a handler's state must also age out by itself.
   */
  announce(topic: string, message: unknown): void;
  /** What this process does on an announcement of `topic`, from itself or another process. */
  onAnnouncement(topic: string, handler: AnnouncementHandler): void;
  /**
   * Answers the requests of `service` from every process (this one included) until the returned
   * stop is called. One process serves a service at a time (its owner, elected by a lease); a
   * second server of the same service would share its requests.
   */
  serve(service: string, handler: ServiceHandler): () => void;
  /**
   * Asks whichever process serves `service`. Rejects with NoServerError when none does (the
   * request reached nobody, so asking again is safe) and with NoAnswerError when the server did
   * not answer within `timeoutMs` (it may or may not have acted on it).
   */
  request(service: string, request: unknown, timeoutMs: number): Promise<unknown>;
}

export type AnnouncementHandler = (message: unknown) => void;
/** Answers one request; the answer travels as JSON, so it holds no bigint. */
export type ServiceHandler = (request: unknown) => Promise<unknown>;

/** Nobody serves the service now: the request reached no process. */
export class NoServerError extends Error {
  constructor(readonly service: string) {
    super(`no process serves ${service}`);
    this.name = 'NoServerError';
  }
}

/** The request was sent, but no answer came in time: it may have been acted on. */
export class NoAnswerError extends Error {
  constructor(readonly service: string) {
    super(`no answer from ${service} in time`);
    this.name = 'NoAnswerError';
  }
}

/** The handlers of a process by topic; `run` calls them in the order they were added. */
export class Announcements {
  private readonly handlers = new Map<string, AnnouncementHandler[]>();

  add(topic: string, handler: AnnouncementHandler): void {
    const list = this.handlers.get(topic);
    if (list) list.push(handler);
    else this.handlers.set(topic, [handler]);
  }

  run(topic: string, message: unknown): void {
    for (const handler of this.handlers.get(topic) ?? []) handler(message);
  }
}

export function inProcessBus(hub: Hub): Bus {
  const announcements = new Announcements();
  const services = new Map<string, ServiceHandler>();
  return {
    publish: (channel, data) => void hub.publish(channel, data),
    listened: (channel) => hub.subscribers(channel) > 0,
    announce: (topic, message) => announcements.run(topic, message),
    onAnnouncement: (topic, handler) => announcements.add(topic, handler),
    serve(service, handler) {
      services.set(service, handler);
      return () => {
        if (services.get(service) === handler) services.delete(service);
      };
    },
    request(service, request) {
      const handler = services.get(service);
      // Through JSON both ways, as on NATS: a handler sees and answers only what would travel.
      if (!handler) return Promise.reject(new NoServerError(service));
      return handler(JSON.parse(JSON.stringify(request) ?? 'null')).then(
        (answer) => JSON.parse(JSON.stringify(answer) ?? 'null') as unknown,
      );
    },
  };
}
