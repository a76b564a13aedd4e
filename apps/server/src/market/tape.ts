import { formatMoney, type Trade } from '@tidemark/contract';

/**
 * The latest prints of one symbol in a fixed ring of parallel arrays: recording a print allocates
 * nothing; Trade objects are made only when someone reads them.
 */
export class TradeTape {
  private readonly prices: bigint[];
  private readonly quantities: bigint[];
  private readonly times: Float64Array;
  private readonly buys: Uint8Array;
  /** Prints recorded so far: the sequence number the next print gets. */
  private count = 0;

  constructor(readonly capacity = 100) {
    this.prices = new Array<bigint>(capacity).fill(0n);
    this.quantities = new Array<bigint>(capacity).fill(0n);
    this.times = new Float64Array(capacity);
    this.buys = new Uint8Array(capacity);
  }

  get sequence(): number {
    return this.count;
  }

  add(time: number, price: bigint, quantity: bigint, buy: boolean): void {
    const slot = this.count % this.capacity;
    this.prices[slot] = price;
    this.quantities[slot] = quantity;
    this.times[slot] = time;
    this.buys[slot] = buy ? 1 : 0;
    this.count++;
  }

  /** Prints with sequence numbers in [since, until), newest first, at most `limit`. */
  list(limit: number, since = 0, until = this.count): Trade[] {
    const from = Math.max(
      since,
      until - Math.min(limit, this.capacity),
      this.count - this.capacity,
    );
    const trades: Trade[] = [];
    for (let seq = until - 1; seq >= from; seq--) {
      const slot = seq % this.capacity;
      trades.push({
        price: formatMoney(this.prices[slot]!),
        quantity: formatMoney(this.quantities[slot]!),
        side: this.buys[slot] === 1 ? 'buy' : 'sell',
        time: this.times[slot]!,
        source: 'feed',
      });
    }
    return trades;
  }
}
