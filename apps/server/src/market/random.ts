import { randomFillSync } from 'node:crypto';

/**
 * Seeded randomness for the simulated feed. Never Math.random: the same seed and start must give the
 * same history, in tests and between two servers configured alike. The live prints, which options
 * settle on, draw from Random.unpredictable() instead (simulator.ts).
 */

/** murmur3's 32-bit finaliser: spreads every input bit over the whole word. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * Hashes whole numbers (seeds, coin indexes, epoch milliseconds beyond 32 bits) to 32 bits.
 * Pure: the synthetic order book draws from it without touching the price streams.
 */
export function hash32(...values: number[]): number {
  let h = 0x9e3779b9;
  for (const value of values) {
    const high = Math.floor(value / 0x1_0000_0000);
    h = fmix32(h ^ (value >>> 0));
    h = fmix32((h + 0x632be5ab) ^ (high >>> 0));
  }
  return h;
}

/** hash32 as a float in [0, 1). */
export function hashUnit(...values: number[]): number {
  return hash32(...values) / 0x1_0000_0000;
}

const TWO_PI = 2 * Math.PI;

/**
 * xoshiro128** (period 2^128 - 1): small state, fast in 32-bit integer arithmetic, and good enough
 * statistically for a price simulation. Seeded from any list of whole numbers (seed, coin, stream).
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  /** Box-Muller makes normals in pairs; the second waits here. */
  private spare = 0;
  private hasSpare = false;

  constructor(...seeds: number[]) {
    // splitmix32 over the hashed seeds fills the state; it is never all zero.
    let s = hash32(...seeds);
    const next = () => {
      s = (s + 0x9e3779b9) | 0;
      return fmix32(s);
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next() | 1;
  }

  /**
   * A stream whose whole 128-bit state comes from the operating system's secure randomness: no
   * seed, setting or earlier output names it, so nobody (who knows the seed or not) can foresee it.
   */
  static unpredictable(): Random {
    const random = new Random(0);
    const state = randomFillSync(new Uint32Array(4));
    random.a = state[0]!;
    random.b = state[1]!;
    random.c = state[2]!;
    random.d = state[3]! | 1;
    return random;
  }

  uint32(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return result;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.uint32() / 0x1_0000_0000;
  }

  /** Standard normal (mean 0, variance 1). */
  normal(): number {
    if (this.hasSpare) {
      this.hasSpare = false;
      return this.spare;
    }
    const u = 1 - this.next(); // (0, 1]: log(0) would be -Infinity
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare = r * Math.sin(TWO_PI * v);
    this.hasSpare = true;
    return r * Math.cos(TWO_PI * v);
  }

  /** Log-normal with mean 1 and the given dispersion of its log: noise for volumes and sizes. */
  lognormal(sigma: number): number {
    return Math.exp(sigma * this.normal() - (sigma * sigma) / 2);
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
