import type { Depth } from '@tidemark/contract';

/** One point of a depth curve: at this price, this much of the base coin in total. */
export interface DepthPoint {
  price: number;
  total: number;
}

export interface DepthCurve {
  /** Ascending by price; each total is everything bid at that price or higher. */
  bids: DepthPoint[];
  /** Ascending by price; each total is everything asked at that price or lower. */
  asks: DepthPoint[];
  /** Halfway between the best bid and the best ask; null when a side is empty. */
  mid: number | null;
}

/** Levels as numbers, best first, without unreadable or empty ones. */
function readSide(side: Depth['bids']): { price: number; quantity: number }[] {
  return side
    .map(([price, quantity]) => ({ price: Number(price), quantity: Number(quantity) }))
    .filter((l) => Number.isFinite(l.price) && l.price > 0 && l.quantity > 0);
}

function cumulate(levels: { price: number; quantity: number }[]): DepthPoint[] {
  let total = 0;
  return levels.map((l) => ({ price: l.price, total: (total += l.quantity) }));
}

/**
 * The depth chart's two curves: cumulative bids to the left of the mid price and cumulative asks
 * to its right. When both sides are there, each is cut to the same distance from the mid, so the
 * chart is centred on it and neither side looks deeper only because more of its levels are shown.
 * The curve is a picture of the book, so floats are good enough; the book's rows keep the exact
 * decimals.
 */
export function depthCurve(depth: Pick<Depth, 'bids' | 'asks'>): DepthCurve {
  let bids = readSide(depth.bids).sort((a, b) => b.price - a.price);
  let asks = readSide(depth.asks).sort((a, b) => a.price - b.price);
  const bestBid = bids[0]?.price;
  const bestAsk = asks[0]?.price;
  let mid: number | null = null;
  if (bestBid !== undefined && bestAsk !== undefined) {
    mid = (bestBid + bestAsk) / 2;
    const reach = Math.min(mid - (bids.at(-1)?.price ?? mid), (asks.at(-1)?.price ?? mid) - mid);
    bids = bids.filter((l) => mid! - l.price <= reach || l.price === bestBid);
    asks = asks.filter((l) => l.price - mid! <= reach || l.price === bestAsk);
  }
  return {
    bids: cumulate(bids).reverse(),
    asks: cumulate(asks),
    mid,
  };
}
