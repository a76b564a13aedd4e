import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The right to play a role that exactly one process may play at a time (a job, the market feed).
 * `held()` is answered from memory; `fence()` checks, inside a write's own transaction, that the
 * token this process holds is still the newest one, so the write commits only while it is.
 */
export interface Lease {
  readonly role: string;
  /** Whether this process holds the lease now (no I/O). */
  held(): boolean;
  /** The fencing token of the current holding, or null when not held. */
  token(): bigint | null;
  /**
   * The token of the last holding, trusted or not: while a renewal is late it is still this
   * process's, and when the renewal comes through with the same token nobody held the role in
   * between. Null once the holding is known lost (taken over, or handed back).
   */
  lastToken(): bigint | null;
  /**
   * Inside a transaction: refuses (StaleLeaseError) unless this process's token is the role's
   * newest. On PostgreSQL the row stays share-locked to the end of the transaction, so a standby
   * cannot take the lease over between the check and the commit.
   */
  fence<T>(trx: Transaction<T> | Kysely<T>): Promise<void>;
  /**
   * True when `fence` never refuses (the embedded mode, where one process holds every lease):
   * a job's writes then need no fence, and runFenced does not carry one to them.
   */
  readonly unfenced?: boolean;
}

export interface Leases {
  /** The lease of a role (the same object for the same name). */
  lease(role: string): Lease;
  /** Takes part in the elections: a first attempt for every role known now, then on the timer. */
  start(): Promise<void>;
  /**
   * Stops renewing. `release` (a clean shutdown) hands every held lease back at once, so a
   * standby need not wait for it to expire; without it the leases simply run out, as after a
   * crash.
   */
  stop(release?: boolean): Promise<void>;
}

export class StaleLeaseError extends Error {
  constructor(
    readonly role: string,
    readonly token: bigint | null,
  ) {
    super(`lease ${role}: token ${token ?? 'none'} is not the current one`);
    this.name = 'StaleLeaseError';
  }
}

/**
 * The embedded mode: one process, so it holds every lease, always, at no cost (no database, no
 * timer).
 */
export function embeddedLeases(): Leases {
  const leases = new Map<string, Lease>();
  return {
    lease(role) {
      let lease = leases.get(role);
      if (!lease)
        leases.set(
          role,
          (lease = {
            role,
            held: () => true,
            token: () => 1n,
            lastToken: () => 1n,
            fence: () => Promise.resolve(),
            unfenced: true,
          }),
        );
      return lease;
    },
    start: () => Promise.resolve(),
    stop: () => Promise.resolve(),
  };
}

export interface LeaseTimes {
  /** How long an acquisition or renewal lasts (LEASE_TTL_MS). */
  ttlMs: number;
  /** How often holders renew and standbys try (a third of the time to live by default). */
  renewMs?: number;
}

/** Milliseconds of the database's clock: every process measures expiry on the same clock. */
const dbNow = sql<string>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

/**
 * Leases as rows of `cluster_lease` on PostgreSQL (scale-out). A holder renews every `renewMs`;
 * a standby tries to take every role whose row has expired, raising its token by one. A holder
 * trusts its lease only until `ttlMs` after it SENT its last successful renewal (measured on its
 * own monotonic clock, minus a safety margin): the row cannot expire before that, so a standby
 * can take over only after the old holder has stopped believing it holds the lease, and the old
 * holder stops before its next pass. A write that could outlive that belief is fenced.
 */
export class PgLeases<DB = unknown> implements Leases {
  readonly owner: string;
  private readonly roles = new Map<string, PgLease<DB>>();
  private readonly renewMs: number;
  private readonly marginMs: number;
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly times: LeaseTimes,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
    owner?: string,
  ) {
    this.owner = owner ?? `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.renewMs = times.renewMs ?? Math.max(100, Math.floor(times.ttlMs / 3));
    this.marginMs = Math.max(50, Math.floor(times.ttlMs / 10));
  }

  lease(role: string): PgLease<DB> {
    let lease = this.roles.get(role);
    if (!lease) this.roles.set(role, (lease = new PgLease(role, this)));
    return lease;
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.tick();
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.renewMs);
    this.timer.unref();
  }

  async stop(release = true): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.round;
    for (const lease of this.roles.values()) {
      // Released even when no longer trusted: while its token is unchanged the row is still ours.
      const token = lease.lastToken();
      lease.drop();
      if (!release || token === null) continue;
      await sql`update cluster_lease set expires_at = 0
        where role = ${lease.role} and owner = ${this.owner} and token = ${token.toString()}`
        .execute(this.db)
        .catch((error: unknown) =>
          this.log.warn({ err: error, role: lease.role }, 'lease not released'),
        );
    }
  }

  /** One round of renewals and attempts; a round still running is joined rather than doubled. */
  tick(): Promise<void> {
    this.round ??= this.renewAll().finally(() => {
      this.round = null;
    });
    return this.round;
  }

  private async renewAll(): Promise<void> {
    for (const lease of this.roles.values()) {
      if (this.stopped) return;
      const sent = performance.now();
      try {
        // A holding past its deadline is renewed too: while its token is unchanged nobody else
        // held the role in between.
        const token = lease.lastToken();
        const got =
          token === null ? await this.acquire(lease.role) : await this.renew(lease.role, token);
        if (got === null) {
          if (token !== null) {
            lease.drop();
            this.log.warn({ role: lease.role, token: String(token) }, 'lease lost');
          }
          continue;
        }
        lease.hold(got, sent + this.times.ttlMs - this.marginMs);
        if (token === null)
          this.log.info({ role: lease.role, token: String(got) }, 'lease acquired');
      } catch (error) {
        // The database did not answer: the lease (if held) lapses at its deadline by itself.
        this.log.warn({ err: error, role: lease.role }, 'lease renewal failed');
      }
    }
  }

  /** Takes the role if nobody holds it or its holder's row expired; answers the new token. */
  private async acquire(role: string): Promise<bigint | null> {
    const { rows } = await sql<{ token: string }>`
      insert into cluster_lease (role, owner, token, expires_at, acquired_at)
      values (${role}, ${this.owner}, 1, ${dbNow} + ${this.times.ttlMs}, ${dbNow})
      on conflict (role) do update
        set owner = excluded.owner, token = cluster_lease.token + 1,
            expires_at = excluded.expires_at, acquired_at = excluded.acquired_at
        where cluster_lease.expires_at < ${dbNow}
      returning token`.execute(this.db);
    return rows[0] ? BigInt(rows[0].token) : null;
  }

  /** Extends this process's holding; null when the row is no longer ours (taken over). */
  private async renew(role: string, token: bigint): Promise<bigint | null> {
    const { rows } = await sql<{ token: string }>`
      update cluster_lease set expires_at = ${dbNow} + ${this.times.ttlMs}
      where role = ${role} and owner = ${this.owner} and token = ${token.toString()}
      returning token`.execute(this.db);
    return rows[0] ? BigInt(rows[0].token) : null;
  }

  /** The fence of `lease`, in the caller's transaction. */
  async fence<T>(lease: PgLease<DB>, trx: Kysely<T>): Promise<void> {
    const token = lease.token();
    if (token === null) throw new StaleLeaseError(lease.role, null);
    const { rows } = await sql<{ token: string; owner: string }>`
      select token, owner from cluster_lease where role = ${lease.role} for share`.execute(trx);
    const row = rows[0];
    if (!row || BigInt(row.token) !== token || row.owner !== this.owner) {
      lease.drop();
      throw new StaleLeaseError(lease.role, token);
    }
  }
}

class PgLease<DB> implements Lease {
  private current: bigint | null = null;
  /** performance.now() up to which the holding is trusted. */
  private until = 0;

  constructor(
    readonly role: string,
    private readonly leases: PgLeases<DB>,
  ) {}

  held(): boolean {
    return this.current !== null && performance.now() < this.until;
  }

  token(): bigint | null {
    return this.held() ? this.current : null;
  }

  lastToken(): bigint | null {
    return this.current;
  }

  fence<T>(trx: Transaction<T> | Kysely<T>): Promise<void> {
    return this.leases.fence(this, trx);
  }

  hold(token: bigint, until: number): void {
    this.current = token;
    this.until = until;
  }

  drop(): void {
    this.current = null;
    this.until = 0;
  }
}
