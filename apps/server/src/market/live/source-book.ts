import type { SourceQuote } from './median-index';

/** A source's connection as its stream last saw it. */
export interface SourceLink {
  connected: boolean;
  /** The last connection error; null while it streams. */
  error: string | null;
  /** The newest quote time of any coin (ms); null before the first. */
  lastUpdate: number | null;
}

/**
 * Every source's latest price of every coin, written by the source streams as messages arrive and
 * read by the index on each tick. A quote's time is the source's own time of the update, never
 * later than when it arrived (a source clock running ahead cannot make a quote look fresher).
 */
export class SourceBook {
  private readonly quotes = new Map<string, (SourceQuote | undefined)[]>();
  private readonly links = new Map<string, SourceLink>();

  constructor(
    readonly sources: readonly string[],
    private readonly coinCount: number,
  ) {
    for (const name of sources) {
      this.quotes.set(name, new Array<SourceQuote | undefined>(coinCount).fill(undefined));
      this.links.set(name, { connected: false, error: null, lastUpdate: null });
    }
  }

  /** A new price of coin `index` from `source`, made at `sourceTime`, received at `received`. */
  update(source: string, index: number, price: bigint, sourceTime: number, received: number): void {
    const row = this.quotes.get(source);
    if (!row || index < 0 || index >= this.coinCount || price <= 0n) return;
    const time = Number.isFinite(sourceTime) ? Math.min(sourceTime, received) : received;
    const previous = row[index];
    // Messages may arrive out of order (two streams of one source): the newest wins.
    if (previous && previous.time > time) return;
    row[index] = { name: source, price, time };
    const link = this.links.get(source)!;
    link.connected = true;
    link.error = null;
    if (link.lastUpdate === null || time > link.lastUpdate) link.lastUpdate = time;
  }

  connected(source: string): void {
    const link = this.links.get(source);
    if (!link) return;
    link.connected = true;
    link.error = null;
  }

  disconnected(source: string, error: string): void {
    const link = this.links.get(source);
    if (!link) return;
    link.connected = false;
    link.error = error;
  }

  /** Every source's latest quote of coin `index`, in the configured source order. */
  quotesOf(index: number): { name: string; quote: SourceQuote | undefined }[] {
    return this.sources.map((name) => ({ name, quote: this.quotes.get(name)![index] }));
  }

  link(source: string): SourceLink {
    return { ...this.links.get(source)! };
  }
}
