import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Answer = (error: Error | null, state?: { current: number; ttl: number }) => void;

/** Milliseconds of the database's clock, the same for every row of a statement. */
const dbNow = sql<string>`(extract(epoch from now()) * 1000)::bigint`;

/** How many counts between two sweeps of expired counters (per process). */
const SWEEP_EVERY = 500;

/**
 * A store for @fastify/rate-limit that counts in PostgreSQL (`rate_limit_counters`), for the
 * scale-out mode: every process counts the same window for a key, so a client spread over the
 * processes by a load balancer gets the limit once, not once per process. A fixed window, as the
 * plugin's own memory store: the first count opens it for `timeWindow` ms on the database's clock,
 * and one statement counts and answers (count and the time the window has left). Expired counters
 * are swept now and then.
 */
export function sharedRateLimitStore(db: Kysely<Database>) {
  let counted = 0;
  return class SharedRateLimitStore {
    incr(key: string, answer: Answer, timeWindow: number): void {
      if (++counted % SWEEP_EVERY === 0)
        void sql`delete from rate_limit_counters where expires_at < ${dbNow}`
          .execute(db)
          .catch(() => undefined);
      sql<{ count: string | bigint; ttl: string | bigint }>`
        insert into rate_limit_counters as c (key, count, window_start, expires_at)
        values (${key}, 1, ${dbNow}, ${dbNow} + ${timeWindow})
        on conflict (key) do update set
          count = case when c.expires_at <= ${dbNow} then 1 else c.count + 1 end,
          window_start = case when c.expires_at <= ${dbNow} then ${dbNow} else c.window_start end,
          expires_at = case when c.expires_at <= ${dbNow}
            then ${dbNow} + ${timeWindow} else c.expires_at end
        returning count, expires_at - ${dbNow} as ttl`
        .execute(db)
        .then(
          ({ rows: [row] }) =>
            answer(null, { current: Number(row!.count), ttl: Math.max(0, Number(row!.ttl)) }),
          (error: Error) => answer(error),
        );
    }

    /** The state without counting (the plugin's `increment: false`). */
    read(key: string, answer: Answer): void {
      sql<{ count: string | bigint; ttl: string | bigint }>`
        select count, expires_at - ${dbNow} as ttl from rate_limit_counters
        where key = ${key} and expires_at > ${dbNow}`
        .execute(db)
        .then(
          ({ rows: [row] }) =>
            answer(
              null,
              row ? { current: Number(row.count), ttl: Number(row.ttl) } : { current: 0, ttl: 0 },
            ),
          (error: Error) => answer(error),
        );
    }

    child(): SharedRateLimitStore {
      return new SharedRateLimitStore();
    }
  };
}
