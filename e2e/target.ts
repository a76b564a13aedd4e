import { inject } from 'vitest';
import type { E2eServer } from './server';

let own: E2eServer | undefined;

/**
 * Makes this journey file talk to a server of its own (each file runs in its own module scope, so
 * the others keep the shared one); undefined goes back to the shared server.
 */
export function useServer(server: E2eServer | undefined): void {
  own = server;
}

/** The server the journey talks to: its own one if it started one, else the shared one. */
export function serverUrl(): string {
  return own?.baseUrl ?? inject('baseUrl');
}

/** That server's data directory (outbox, initial admin). */
export function serverDataDir(): string {
  return own?.dataDir ?? inject('dataDir');
}
