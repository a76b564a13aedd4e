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
}

export function inProcessBus(hub: Hub): Bus {
  return {
    publish: (channel, data) => void hub.publish(channel, data),
    listened: (channel) => hub.subscribers(channel) > 0,
  };
}
