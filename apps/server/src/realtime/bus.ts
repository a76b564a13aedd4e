import type { Hub } from './hub';

/**
 * Where server events go. In one process the bus hands them straight to the websocket hub; scaled
 * out, a NATS bus carries them to every process's hub. Publishers never talk to the hub directly.
 */
export interface Bus {
  publish(channel: string, data: unknown): void;
}

export function inProcessBus(hub: Hub): Bus {
  return { publish: (channel, data) => void hub.publish(channel, data) };
}
