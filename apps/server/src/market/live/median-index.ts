import { formatMoney, type SourceCoinState } from '@tidemark/contract';
import type { TickSourcePrice } from '../tick-log';
import type { IndexRules } from './names';

/** One source's latest price of a coin (units of 1e-8) and when the source made it (ms). */
export interface SourceQuote {
  name: string;
  price: bigint;
  time: number;
}

/** What the index makes of one coin's quotes at one moment. */
export interface IndexResult {
  /** The median of the sources used; null when suspended. */
  price: bigint | null;
  /** The sources the price is the median of, in the order given. */
  used: TickSourcePrice[];
  /** Per source given (by name): fresh (used), stale, deviating or missing. */
  states: Map<string, SourceCoinState>;
  /** Why the coin is suspended, naming what is missing; null when open. */
  reason: string | null;
}

/** A price without trailing zeros: "3401.2". */
function shortMoney(units: bigint): string {
  return formatMoney(units)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
}

/** The median of a non-empty list; of an even count, the mean of the middle two (rounded down). */
export function median(values: readonly bigint[]): bigint {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2n;
}

/** Whether `price` lies further than `bandBps` basis points from `reference`. */
export function outsideBand(price: bigint, reference: bigint, bandBps: number): boolean {
  const diff = price > reference ? price - reference : reference - price;
  return diff * 10_000n > BigInt(bandBps) * reference;
}

/**
 * One coin's index at `now` from every configured source's latest quote (undefined: none yet).
 * A quote older than the staleness is left out; so is one further than the band from the others:
 * from the median of all fresh quotes when there are three or more (one outlier cannot move it),
 * from the other quote when there are two (two that disagree are both left out: neither can be
 * trusted over the other). The price is the median of the rest; fewer of them than the minimum
 * suspend the coin, with a reason naming each source that is missing and why.
 */
export function indexPrice(
  quotes: readonly { name: string; quote: SourceQuote | undefined }[],
  now: number,
  rules: IndexRules,
): IndexResult {
  const states = new Map<string, SourceCoinState>();
  const fresh: SourceQuote[] = [];
  for (const { name, quote } of quotes) {
    if (!quote) states.set(name, 'missing');
    else if (now - quote.time > rules.staleMs) states.set(name, 'stale');
    else fresh.push(quote);
  }
  const used: TickSourcePrice[] = [];
  const all = fresh.length >= 3 ? median(fresh.map((q) => q.price)) : undefined;
  for (const quote of fresh) {
    const others = fresh.filter((q) => q !== quote).map((q) => q.price);
    const reference = all ?? (others.length > 0 ? median(others) : undefined);
    if (reference !== undefined && outsideBand(quote.price, reference, rules.bandBps)) {
      states.set(quote.name, 'deviating');
    } else {
      states.set(quote.name, 'fresh');
      used.push({ name: quote.name, price: quote.price, time: quote.time });
    }
  }
  if (used.length >= rules.minSources && used.length > 0) {
    return { price: median(used.map((u) => u.price)), used, states, reason: null };
  }
  const missing = quotes
    .filter(({ name }) => states.get(name) !== 'fresh')
    .map(({ name, quote }) => {
      const state = states.get(name);
      if (state === 'stale' && quote)
        return `${name} stale (${Math.round((now - quote.time) / 1000)} s old)`;
      if (state === 'deviating' && quote) return `${name} deviating (${shortMoney(quote.price)})`;
      return `${name} missing (no price yet)`;
    });
  const reason =
    `${used.length} of ${quotes.length} sources fresh, ${rules.minSources} needed` +
    (missing.length ? `: ${missing.join(', ')}` : '');
  return { price: null, used: [], states, reason };
}
