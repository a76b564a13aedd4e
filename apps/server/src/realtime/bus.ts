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
}

export type AnnouncementHandler = (message: unknown) => void;

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
  return {
    publish: (channel, data) => void hub.publish(channel, data),
    listened: (channel) => hub.subscribers(channel) > 0,
    announce: (topic, message) => announcements.run(topic, message),
    onAnnouncement: (topic, handler) => announcements.add(topic, handler),
  };
}
