import { mulMoney, parseMoney, roundMoney } from '@tidemark/contract';
import type { Random } from '../../market/random';
import { quantityFor, type ProductRules } from './spot.rules';

export interface LadderConfig {
  /** Distance between the best bid and the best ask, in basis points of the reference. */
  spreadBps: number;
  /** Levels per side. */
  layers: number;
  /** Mean distance between two levels near the touch, in basis points. */
  stepBps: number;
  /** Mean USDT value of a level: a side's ladder is worth about layers x this. */
  layerUsdt: string;
}

export interface Quote {
  side: 'buy' | 'sell';
  price: bigint;
  quantity: bigint;
}

/** Each level one step further away holds this much more than the touch, before noise. */
const SIZE_GROWTH = 0.3;
/** Dispersion of the log size of a level around its trend. */
const SIZE_NOISE = 0.3;
/** A gap is the mean step times a uniform draw in [1 - GAP_JITTER, 1 + GAP_JITTER]... */
const GAP_JITTER = 0.45;
/** ...and gaps widen by this fraction per level away from the touch, as real books thin out. */
const GAP_WIDENING = 0.06;
/** Weights and distances are turned into fixed-point with this many steps per unit. */
const SCALE = 1_000_000;

/** One side's levels, drawn: distances from the reference in basis points, and size weights. */
interface SideDraw {
  bps: Float64Array;
  weights: Float64Array;
  totalWeight: number;
}

/**
 * The touch is half the spread away; each next level a jittered, slowly widening step further.
 * Sizes grow with distance, with log-normal noise; quoteLadder scales them so the side is worth
 * layers x layerUsdt like an even ladder: the inventory the market maker keeps covers it as before.
 */
function drawSide(config: LadderConfig, random: Random): SideDraw {
  const { spreadBps, stepBps, layers } = config;
  const bps = new Float64Array(layers);
  const weights = new Float64Array(layers);
  let distance = spreadBps / 2;
  let totalWeight = 0;
  for (let i = 0; i < layers; i++) {
    if (i > 0) {
      const jitter = 1 - GAP_JITTER + 2 * GAP_JITTER * random.next();
      distance += stepBps * jitter * (1 + GAP_WIDENING * (i - 1));
    }
    bps[i] = distance;
    weights[i] = (1 + SIZE_GROWTH * i) * random.lognormal(SIZE_NOISE);
    totalWeight += weights[i]!;
  }
  return { bps, weights, totalWeight };
}

/** A level's distance from the reference, in 1e-8 of it (1 bp = 10,000 of those). */
const distanceOf = (side: SideDraw, i: number) => BigInt(Math.round(side.bps[i]! * 10_000));

/** A level's value in units of USDT: its share of what the whole side is worth. */
const valueOf = (side: SideDraw, i: number, sideValue: bigint) =>
  (sideValue * BigInt(Math.round((side.weights[i]! / side.totalWeight) * SCALE))) / BigInt(SCALE);

/**
 * The market maker's quotes around a reference price, drawn from `random` (seeded, so the same
 * inputs give the same book): bids and asks each with their own uneven spacing and sizes that
 * grow away from the touch. It never offers more than its inventory: a bid is placed only while
 * the quote currency covers it, an ask only while the coin does.
 */
export function quoteLadder(
  rules: ProductRules,
  reference: bigint,
  inventory: { base: bigint; quote: bigint },
  config: LadderConfig,
  random: Random,
): Quote[] {
  const bids = drawSide(config, random);
  const asks = drawSide(config, random);
  const sideValue = parseMoney(config.layerUsdt) * BigInt(config.layers);
  const quotes: Quote[] = [];
  let base = inventory.base;
  let quote = inventory.quote;
  for (let i = 0; i < config.layers; i++) {
    const bid = roundMoney(
      (reference * (100_000_000n - distanceOf(bids, i))) / 100_000_000n,
      rules.pricePrecision,
      'down',
    );
    const bidQuantity = bid > 0n ? quantityFor(rules, valueOf(bids, i, sideValue), bid) : 0n;
    const bidCost = mulMoney(bidQuantity, bid, 'up');
    if (bid > 0n && bidQuantity > 0n && bidCost <= quote) {
      quotes.push({ side: 'buy', price: bid, quantity: bidQuantity });
      quote -= bidCost;
    }
    const ask = roundMoney(
      (reference * (100_000_000n + distanceOf(asks, i))) / 100_000_000n,
      rules.pricePrecision,
      'up',
    );
    const askQuantity = quantityFor(rules, valueOf(asks, i, sideValue), ask);
    if (askQuantity > 0n && askQuantity <= base) {
      quotes.push({ side: 'sell', price: ask, quantity: askQuantity });
      base -= askQuantity;
    }
  }
  return quotes;
}
