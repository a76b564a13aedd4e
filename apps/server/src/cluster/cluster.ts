import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import { inProcessBus, type Bus } from '../realtime/bus';
import type { Hub } from '../realtime/hub';
import { embeddedLeases, PgLeases, type Leases } from './lease';

/** The roles exactly one process plays at a time (the market feed, each job). */
export const ROLES = {
  marketFeed: 'market:feed',
  spotMarkets: 'spot:markets',
  optionsJobs: 'job:options',
  loanJobs: 'job:loan',
  teamJobs: 'job:team',
  financialJobs: 'job:financial',
  leverageJobs: 'job:leverage',
} as const;

/** How this process takes part: the bus its events travel on and the leases of its roles. */
export interface Cluster {
  mode: 'embedded' | 'scale-out';
  bus: Bus;
  leases: Leases;
  /** Hands the leases back and closes the bus (after everything that publishes has stopped). */
  close(): Promise<void>;
}

/**
 * DESIGN.md principle 2: the environment picks the adapters. Embedded (no NATS_URL): the bus is
 * the hub itself and this process holds every lease, with nothing loaded or asked for either.
 * Scale-out (NATS_URL, on PostgreSQL): the NATS JetStream bus (loaded only then) and leases as
 * rows of the database. The leases take part in elections from `leases.start()` on, which the
 * app calls once the schema is migrated.
 */
export async function joinCluster<DB>(
  config: Config,
  hub: Hub,
  db: Kysely<DB>,
  log: FastifyBaseLogger,
): Promise<Cluster> {
  const settings = config.cluster;
  if (!settings) {
    return {
      mode: 'embedded',
      bus: inProcessBus(hub),
      leases: embeddedLeases(),
      close: () => Promise.resolve(),
    };
  }
  const { NatsBus } = await import('../realtime/nats-bus');
  const bus = await NatsBus.connect(hub, {
    url: settings.natsUrl,
    prefix: settings.natsPrefix,
    log,
  });
  const leases = new PgLeases(db, { ttlMs: settings.leaseTtlMs }, log);
  // Known before the first election, so a lone process holds every role before its jobs start.
  for (const role of Object.values(ROLES)) leases.lease(role);
  log.info({ owner: leases.owner, prefix: settings.natsPrefix }, 'scale-out: joined the cluster');
  return {
    mode: 'scale-out',
    bus,
    leases,
    async close() {
      await leases.stop();
      await bus.close();
    },
  };
}
