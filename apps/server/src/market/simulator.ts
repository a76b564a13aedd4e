import { DAY } from './candles';
import { priceUnits, quantityUnits, unitsToNumber, type Coin } from './coins';
import { Random } from './random';

/** Crypto trades around the clock: volatility is annualised over calendar time. */
export const YEAR_MS = 365.25 * DAY;

/** Independent random streams of one coin, so the history never shifts the live prices. */
export const STREAM = { days: 1, minutes: 2, live: 3, gapDays: 4, minutesBack: 5 } as const;

/**
 * How strongly the log price is pulled back towards the coin's configured price, per year: a
 * half-life of one year. Over a day, a week or a month the path is the configured volatility's
 * random walk (the pull takes under 2 % off a month's spread); over years it keeps a coin within
 * a plausible range of the level it is configured at instead of wandering off by factors.
 */
export const REVERSION_PER_YEAR = Math.LN2;

/** Where the simulator's trade prints go; plain arguments, so a tick allocates no print objects. */
export interface PrintSink {
  print(coin: Coin, time: number, price: bigint, quantity: bigint, buy: boolean): void;
}

/** Dispersion of the log size of a print: many small trades, a few large ones. */
const PRINT_SIZE_SIGMA = 0.8;

/**
 * The live feed: geometric Brownian motion of every coin's price, stepped by the caller (no timers
 * here). Seeded (`live` 'seeded'), the same seed, start and step times always give the same prints;
 * the server runs it 'unpredictable': the seed is public (a default in the README, or an operator's
 * setting), and options settle on these prints, so no one may be able to compute the next one.
 *
 * The log price moves by sigma * sqrt(dt) * Z with no drift but the weak pull towards the
 * configured price (REVERSION_PER_YEAR): a demo left running for months keeps realistic levels.
 * Each step is split into 1 to 3 prints, the price moving between them; a print above the previous
 * one is a buyer's, below a seller's. Sizes are scaled so a day's prints add up to the coin's
 * configured daily volume.
 */
export class FeedSimulator {
  private readonly logPrice: Float64Array;
  private readonly last: bigint[];
  private readonly random: Random[];
  /** sigma per sqrt(ms), the configured log price the pull is towards, and USDT per ms, by coin. */
  private readonly volatility: Float64Array;
  private readonly anchor: Float64Array;
  private readonly quotePerMs: Float64Array;
  private now: number;

  constructor(
    readonly coins: readonly Coin[],
    private readonly seed: number,
    start: number,
    prices: readonly bigint[],
    private readonly live: 'seeded' | 'unpredictable' = 'seeded',
  ) {
    this.now = start;
    this.logPrice = new Float64Array(coins.length);
    this.last = [...prices];
    this.volatility = Float64Array.from(coins, (c) => c.spec.volatility / Math.sqrt(YEAR_MS));
    this.anchor = Float64Array.from(coins, (c) => Math.log(unitsToNumber(c.startPrice)));
    this.quotePerMs = Float64Array.from(coins, (c) => c.spec.dailyQuoteVolume / DAY);
    this.random = [];
    this.rebase(start, prices);
  }

  get time(): number {
    return this.now;
  }

  /** Last print of a coin, in units. */
  price(index: number): bigint {
    return this.last[index] ?? 0n;
  }

  /**
   * Continues from known prices at `time` (after a gap was filled minute by minute). Seeded, the
   * random streams are re-seeded from the time, so the continuation is as reproducible as a fresh
   * start; unpredictable, they are drawn afresh.
   */
  rebase(time: number, prices: readonly bigint[]): void {
    this.now = time;
    for (let i = 0; i < this.coins.length; i++) {
      const price = prices[i] ?? 0n;
      this.last[i] = price;
      this.logPrice[i] = Math.log(unitsToNumber(price));
      this.random[i] =
        this.live === 'seeded'
          ? new Random(this.seed, this.coins[i]!.index, STREAM.live, time)
          : Random.unpredictable();
    }
  }

  /** Moves every coin from the last step to `now`; nothing happens if time has not advanced. */
  step(now: number, sink: PrintSink): void {
    const dt = now - this.now;
    if (dt <= 0) return;
    for (let i = 0; i < this.coins.length; i++) this.stepCoin(i, dt, sink);
    this.now = now;
  }

  private stepCoin(i: number, dt: number, sink: PrintSink): void {
    const coin = this.coins[i]!;
    const random = this.random[i]!;
    const prints = 1 + (random.uint32() % 3);
    const span = dt / prints;
    const sd = this.volatility[i]! * Math.sqrt(span);
    const pull = (REVERSION_PER_YEAR / YEAR_MS) * span;
    const anchor = this.anchor[i]!;
    const quote = this.quotePerMs[i]! * span;
    let x = this.logPrice[i]!;
    let previous = this.last[i]!;
    for (let j = 1; j <= prints; j++) {
      x += sd * random.normal() - pull * (x - anchor);
      const price = Math.exp(x);
      const units = priceUnits(coin, price);
      const quantity = quantityUnits(coin, (quote * random.lognormal(PRINT_SIZE_SIGMA)) / price);
      const buy = units === previous ? (random.uint32() & 1) === 1 : units > previous;
      sink.print(coin, this.now + Math.round(span * j), units, quantity, buy);
      previous = units;
    }
    this.logPrice[i] = x;
    this.last[i] = previous;
  }
}
