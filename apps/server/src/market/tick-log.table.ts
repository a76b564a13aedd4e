import type { Insertable, Selectable } from 'kysely';

/**
 * The append-only tick log: every tick of the option symbols with the feed's sequence number, so
 * each option's strike and settlement tick can be shown in context and recomputed. Only the feed
 * writes it; the pruning job only removes ticks older than the retention.
 */
export interface TickLogTable {
  /** The feed's sequence number: strictly increasing over all symbols, never reused. */
  seq: bigint;
  symbol: string;
  /** Epoch ms. */
  time: bigint;
  /** Units of 1e-8. */
  price: bigint;
  /** A live tick's sources, JSON `[{name, price, time}]`; null for the simulator's ticks. */
  sources: string | null;
}

export type TickLogRow = Selectable<TickLogTable>;
export type NewTickLogRow = Insertable<TickLogTable>;
