import type { Depth } from '@tidemark/contract';
import { formatMoney, tryParseMoney } from '@tidemark/contract/rules';

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
  /**
   * Halfway between the best bid and the best ask, exact (a wire decimal, cut to its 8 places):
   * the legend shows it as a price. Null when a side is empty.
   */
  mid: string | null;
}

interface Level {
  price: number;
  quantity: number;
  /** The price as the wire has it, for what is shown as a number. */
  wirePrice: string;
}

/** Levels as numbers, without unreadable or empty ones. */
function readSide(side: Depth['bids']): Level[] {
  return side
    .map(([price, quantity]) => ({
      price: Number(price),
      quantity: Number(quantity),
      wirePrice: price,
    }))
    .filter((l) => Number.isFinite(l.price) && l.price > 0 && l.quantity > 0);
}

/** The exact price halfway between two wire prices. */
function midPrice(bid: string, ask: string): string | null {
  const low = tryParseMoney(bid);
  const high = tryParseMoney(ask);
  return low === null || high === null ? null : formatMoney((low + high) / 2n);
}

function cumulate(levels: Level[]): DepthPoint[] {
  let total = 0;
  return levels.map((l) => ({ price: l.price, total: (total += l.quantity) }));
}

/**
 * The depth chart's two curves: cumulative bids to the left of the mid price and cumulative asks
 * to its right. When both sides are there, each is cut to the same distance from the mid, so the
 * chart is centred on it and neither side looks deeper only because more of its levels are shown.
 * The curves are a picture of the book, so floats are good enough; the book's rows and the mid
 * price keep the exact decimals.
 */
export function depthCurve(depth: Pick<Depth, 'bids' | 'asks'>): DepthCurve {
  let bids = readSide(depth.bids).sort((a, b) => b.price - a.price);
  let asks = readSide(depth.asks).sort((a, b) => a.price - b.price);
  const bestBid = bids[0];
  const bestAsk = asks[0];
  if (!bestBid || !bestAsk)
    return { bids: cumulate(bids).reverse(), asks: cumulate(asks), mid: null };
  const centre = (bestBid.price + bestAsk.price) / 2;
  const reach = Math.min(
    centre - (bids.at(-1)?.price ?? centre),
    (asks.at(-1)?.price ?? centre) - centre,
  );
  bids = bids.filter((l) => centre - l.price <= reach || l === bestBid);
  asks = asks.filter((l) => l.price - centre <= reach || l === bestAsk);
  return {
    bids: cumulate(bids).reverse(),
    asks: cumulate(asks),
    mid: midPrice(bestBid.wirePrice, bestAsk.wirePrice),
  };
}
