import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { Built } from '../app';
import { eventStream } from '../realtime/subjects';
import type { TestServer } from '../test/harness';

/**
 * The NATS_URL of this run when it can test scale-out (DATABASE_URL and NATS_URL both set); else
 * undefined, with a warning naming `file` and what it needs, so a skipped suite says why.
 */
export function scaleOutNats(file: string): string | undefined {
  const natsUrl = process.env.NATS_URL;
  if (natsUrl && process.env.DATABASE_URL) return natsUrl;
  console.warn(
    `${file}: skipped, it needs DATABASE_URL (PostgreSQL) and NATS_URL (NATS with JetStream), e.g. NATS_URL=nats://127.0.0.1:4222`,
  );
  return undefined;
}

/** Removes the event stream a test's installation (its NATS prefix) made. */
export async function dropEventStream(natsUrl: string, prefix: string): Promise<void> {
  const nc = await connect({ servers: natsUrl.split(',') });
  const jsm = await jetstreamManager(nc);
  await jsm.streams.delete(eventStream(prefix)).catch(() => undefined);
  await nc.close();
}

/** A test installation's settings: its own NATS prefix, a lease time to live, no market maker. */
export function clusterEnv(natsUrl: string, prefix: string, ttlMs: number): Record<string, string> {
  return {
    NATS_URL: natsUrl,
    NATS_PREFIX: prefix,
    LEASE_TTL_MS: String(ttlMs),
    MM_ENABLED: 'false',
  };
}

/** Closes the second app, then the harness's server, then drops their event stream. */
export async function closeBoth(
  a: TestServer | undefined,
  b: Built | undefined,
  natsUrl: string,
  prefix: string,
): Promise<void> {
  await b?.fastify.close();
  await a?.close();
  await dropEventStream(natsUrl, prefix);
}
