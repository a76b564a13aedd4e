import type { Executor } from '../../db/database';
import { sourcesOfJson, type TickSourcePrice } from '../../market/tick-log';

/** A live tick's sources, by the tick's sequence number. */
export type SourcesBySeq = ReadonlyMap<number, readonly TickSourcePrice[]>;

export const NO_SOURCES: SourcesBySeq = new Map();

/**
 * The sources of those given ticks that have them (live ticks the log still keeps), by sequence
 * number: what an option's or a position's stored ticks show beside their price (issue 17).
 */
export async function sourcesBySeq(
  db: Executor,
  seqs: readonly number[],
): Promise<Map<number, TickSourcePrice[]>> {
  const found = new Map<number, TickSourcePrice[]>();
  if (seqs.length === 0) return found;
  const rows = await db
    .selectFrom('tick_log')
    .select(['seq', 'sources'])
    .where('seq', 'in', [...new Set(seqs)].map(BigInt))
    .where('sources', 'is not', null)
    .execute();
  for (const row of rows) {
    const sources = sourcesOfJson(row.sources);
    if (sources) found.set(Number(row.seq), sources);
  }
  return found;
}

/** A tick's own sources as a one-entry map (none: NO_SOURCES). */
export function sourcesOfTick(tick: {
  seq: number;
  sources?: readonly TickSourcePrice[] | undefined;
}): SourcesBySeq {
  return tick.sources ? new Map([[tick.seq, tick.sources]]) : NO_SOURCES;
}
