import type { AppContext } from '../../http/context';

/** Ticks remembered per symbol: far more blind windows than orders could wait on. */
const KEEP = 1_000;

/**
 * What this server saw of blind markets (issue 17): per option symbol, the ticks after which the
 * coin went suspended (the last tick before each blind window). An expiry or start boundary after
 * such a tick and before the next one fell in the window: it has no price, and the order fails and
 * is refunded. The option jobs look on every pass (observe), and the feed logs no tick while a coin
 * is blind, so a window seen once is known by its first tick.
 */
export class BlindWatch {
  private readonly after = new Map<string, number[]>();

  observe(app: AppContext): void {
    for (const product of app.market.products()) {
      if (!product.options) continue;
      if (app.market.status(product.symbol)?.status !== 'suspended') continue;
      const last = app.market.lastTick(product.symbol);
      if (last) this.wentBlind(product.symbol, last.seq);
    }
  }

  /** The coin went blind right after tick `seq`. */
  wentBlind(symbol: string, seq: number): void {
    let seqs = this.after.get(symbol);
    if (!seqs) this.after.set(symbol, (seqs = []));
    if (seqs.includes(seq)) return;
    seqs.push(seq);
    if (seqs.length > KEEP) seqs.shift();
  }

  wentBlindAfter(symbol: string, seq: number): boolean {
    return this.after.get(symbol)?.includes(seq) ?? false;
  }
}

const watches = new WeakMap<AppContext, BlindWatch>();

/** The app's watch (one per running server). */
export function blindWatch(app: AppContext): BlindWatch {
  let watch = watches.get(app);
  if (!watch) watches.set(app, (watch = new BlindWatch()));
  return watch;
}
