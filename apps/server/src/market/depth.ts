import { formatMoney, type Depth } from '@tidemark/contract';
import { DAY, MINUTE } from './candles';
import { quantityUnits, unitsToNumber, type Coin } from './coins';
import { hashUnit } from './random';

/** A level's size holds for this long, so a book read twice in a row looks like the same book. */
const SIZE_WINDOW_MS = 3_000;

/**
 * A plausible order book around the last price until the spot engine's market maker quotes real
 * ones: a spread of about 1 basis point, levels about 1 basis point apart, sizes growing away
 * from the touch. Sizes come from a hash of the level's price and a 3 s window, not from the
 * price streams, so reading the book never changes the prices.
 */
export function syntheticDepth(
  coin: Coin,
  seed: number,
  last: bigint,
  levels: number,
  time: number,
): Depth {
  const step = coin.priceStep;
  const half = max(step, last / 20_000n);
  const gap = max(step, (last / 10_000n / step) * step);
  const bestBid = ((last - half) / step) * step;
  const bestAsk = ((last + half + step - 1n) / step) * step;
  const window = Math.floor(time / SIZE_WINDOW_MS);
  const price = unitsToNumber(last);
  const perLevel = (coin.spec.dailyQuoteVolume / (DAY / MINUTE)) * 0.5;
  const level = (side: number, i: number, at: bigint): [string, string] => {
    const noise = hashUnit(seed, coin.index, side, Number(at / step), window);
    const quantity = quantityUnits(coin, (perLevel * (1 + 0.3 * i) * (0.3 + 1.4 * noise)) / price);
    return [formatMoney(at), formatMoney(quantity)];
  };
  const bids: [string, string][] = [];
  const asks: [string, string][] = [];
  for (let i = 0; i < levels; i++) {
    const bid = bestBid - gap * BigInt(i);
    if (bid > 0n) bids.push(level(0, i, bid));
    asks.push(level(1, i, bestAsk + gap * BigInt(i)));
  }
  return { symbol: coin.symbol, bids, asks, source: 'feed', time };
}

function max(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}
