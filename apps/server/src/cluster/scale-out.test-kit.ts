import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { eventStream } from '../realtime/subjects';

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
