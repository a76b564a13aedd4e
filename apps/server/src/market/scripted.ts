import fs from 'node:fs';
import { parseMoney } from '@tidemark/contract';
import type { Coin } from './coins';
import type { CoinStatus } from './market';
import type { PrintSink } from './simulator';

/**
 * A symbol's scripted price: `from` at the feed's start, moving `perSecond` (may be negative).
 * `blind` lists windows `[fromSecond, toSecond)` after the feed's start in which the symbol has no
 * fresh source (a blind market: suspended, no prints, no ticks), as a live feed has when its
 * exchanges go quiet.
 */
export interface ScriptLine {
  from: string;
  perSecond: string;
  blind?: [number, number][];
}

export type FeedScript = Record<string, ScriptLine>;

/** Reads and checks a script file; throws naming what is wrong (the server refuses to start). */
export function readFeedScript(file: string): FeedScript {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: a feed script must be a readable JSON file (${String(error)})`, {
      cause: error,
    });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error(`${file}: a feed script is an object of symbols`);
  const script: FeedScript = {};
  for (const [symbol, line] of Object.entries(parsed as Record<string, unknown>)) {
    const { from, perSecond, blind } = (line ?? {}) as Partial<ScriptLine>;
    if (typeof from !== 'string' || typeof perSecond !== 'string')
      throw new Error(`${file}: ${symbol} needs "from" and "perSecond" decimal strings`);
    try {
      parseMoney(from);
      parseMoney(perSecond.replace(/^-/, ''));
    } catch (error) {
      throw new Error(
        `${file}: ${symbol} needs decimal amounts, not "${from}" and "${perSecond}"`,
        {
          cause: error,
        },
      );
    }
    if (
      blind !== undefined &&
      !(
        Array.isArray(blind) &&
        blind.every(
          (w) =>
            Array.isArray(w) &&
            w.length === 2 &&
            w.every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0) &&
            w[0] < w[1],
        )
      )
    )
      throw new Error(`${file}: ${symbol} "blind" is a list of [fromSecond, toSecond] windows`);
    script[symbol] = blind ? { from, perSecond, blind } : { from, perSecond };
  }
  return script;
}

/**
 * The scripted live feed (MARKET_FEED=scripted, chosen at start only): every step prints each
 * scripted coin at `from + perSecond x seconds since the feed started`, on the coin's price grid;
 * coins not in the script stay at their last price. It makes test outcomes predictable (a rising
 * coin wins long, a flat one ties) without any way to set a price while the server runs.
 */
export class ScriptedFeed {
  private now: number;
  private readonly last: bigint[];
  private readonly lines: ({ from: bigint; perMs: { num: bigint; neg: boolean } } | undefined)[];
  /** Per coin, its blind windows in epoch ms. */
  private readonly blind: [number, number][][];

  constructor(
    private readonly coins: readonly Coin[],
    script: FeedScript,
    private readonly anchor: number,
    prices: readonly bigint[],
  ) {
    this.now = anchor;
    this.last = [...prices];
    this.blind = coins.map((coin) =>
      (script[coin.symbol]?.blind ?? []).map(([from, to]) => [
        anchor + from * 1000,
        anchor + to * 1000,
      ]),
    );
    this.lines = coins.map((coin) => {
      const line = script[coin.symbol];
      if (!line) return undefined;
      const neg = line.perSecond.startsWith('-');
      return {
        from: parseMoney(line.from),
        perMs: { num: parseMoney(line.perSecond.replace(/^-/, '')), neg },
      };
    });
  }

  get time(): number {
    return this.now;
  }

  rebase(time: number, prices: readonly bigint[]): void {
    this.now = time;
    this.coins.forEach((coin, i) => {
      if (!this.lines[i]) this.last[i] = prices[i] ?? 0n;
    });
  }

  /** Suspended inside one of the coin's blind windows, else open with its one source. */
  status(index: number): CoinStatus {
    return this.isBlind(index, this.now)
      ? { status: 'suspended', sources: 0, reason: 'scripted blind window' }
      : { status: 'open', sources: 1, reason: null };
  }

  private isBlind(index: number, time: number): boolean {
    return this.blind[index]!.some(([from, to]) => time >= from && time < to);
  }

  step(now: number, sink: PrintSink): void {
    if (now <= this.now) return;
    this.now = now;
    this.coins.forEach((coin, i) => {
      if (this.isBlind(i, now)) return;
      const line = this.lines[i];
      let price = this.last[i] ?? coin.startPrice;
      if (line) {
        const move = (line.perMs.num * BigInt(now - this.anchor)) / 1000n;
        price = line.perMs.neg ? line.from - move : line.from + move;
        price -= price % coin.priceStep;
        if (price < coin.priceStep) price = coin.priceStep;
      }
      const previous = this.last[i] ?? price;
      this.last[i] = price;
      sink.print(coin, now, price, coin.quantityStep, price >= previous);
    });
  }
}
