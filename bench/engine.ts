// The spot matching engine alone (no I/O), against nodejs-order-book@10.1.1 as the yardstick, on
// the same seeded operation stream in the same run. Prints one JSON line.
//   npm run bench:engine            BENCH_SECONDS=1 (or BENCH_OPS=n) for a smoke run
//
// The stream is exchange-like: ~6% cancels of live orders, ~3% market orders (immediate-or-cancel:
// they never rest), ~9% limit orders resting 3 to 600 ticks behind the top (hundreds of levels),
// the rest limit orders within a few ticks of the best price, a share of them crossing. A shadow
// SpotBook decides which ids are live and where the top is while the stream is generated, so
// cancels hit live orders; the stream is then fixed and both engines replay it identically (the
// run checks that both end with the same depth). It is a count of operations, not a time, because
// both engines must replay the same operations; BENCH_SECONDS < 5 only selects the smoke sizes.
//
// opsPerSec times whole batches (no per-operation timer), best of ROUNDS fresh runs. Latency is a
// separate pass with performance.now() read once per operation, chained (each sample is the gap
// between two reads), so every sample includes one timer read (`timerOverheadMicros`); the
// percentiles are those of the round with the lowest p99. Both engines are measured alike.
import { createRequire } from 'node:module';
import os from 'node:os';
import { SpotBook, type SpotEvent } from '../apps/server/src/engine/spot';

/** The yardstick's API as this bench uses it (its published types point at a missing file). */
interface YardstickBook {
  limit(o: {
    side: string;
    id: string;
    size: number;
    price: number;
    accountId: string;
    stpMode: string;
  }): unknown;
  market(o: { side: string; size: number; accountId: string; stpMode: string }): unknown;
  cancel(id: string): unknown;
  /** [asks, bids], each [price, volume][] best first. */
  depth(): [[number, number][], [number, number][]];
}
const require = createRequire(import.meta.url);
const { OrderBook } = require('nodejs-order-book') as { OrderBook: new () => YardstickBook };
// Ours always prevents self-trades by cancelling the taker's rest; EXPIRE_TAKER is the same rule.
const STP = 'EXPIRE_TAKER';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const smoke = seconds < 5;
const OPS = Number(process.env.BENCH_OPS ?? (smoke ? 100_000 : 1_000_000));
const PRELOAD = smoke ? 50_000 : 200_000;
const ROUNDS = smoke ? 1 : 3;
const FIRST = 10_000;
const AFTER = Number(process.env.BENCH_SCALING_AFTER ?? (smoke ? 100_000 : 1_000_000));
const WINDOW = smoke ? 20_000 : 100_000;

const TICK = 1_000_000; // 0.01 USDT
const CENTER = 6_000_000_000_000; // 60,000 USDT
const LOT = 100_000; // 0.001 BTC
const USERS = 1_000;
/** Live orders the ordinary book hovers around, and the band (ticks) the price wanders in. */
const TARGET = 5_000;
const BAND = 150;
/** Distances (ticks) from CENTER of the deep-queue prices of the scaling stream. */
const WALLS = [60, 120, 200];
const LIMIT = 0;
const MARKET = 1;
const CANCEL = 2;

/** mulberry32: small, fast and seeded, so every run replays the same stream. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Live order ids with O(1) add, delete and uniform pick. */
class LiveIds {
  private readonly ids: number[] = [];
  private readonly index = new Map<number, number>();
  get size(): number {
    return this.ids.length;
  }
  add(id: number): void {
    this.index.set(id, this.ids.length);
    this.ids.push(id);
  }
  delete(id: number): void {
    const i = this.index.get(id);
    if (i === undefined) return;
    const last = this.ids.pop()!;
    if (last !== id) {
      this.ids[i] = last;
      this.index.set(last, i);
    }
    this.index.delete(id);
  }
  pick(random: () => number): number {
    return this.ids[Math.floor(random() * this.ids.length)]!;
  }
}

interface Stream {
  length: number;
  kind: Uint8Array;
  buy: Uint8Array;
  price: Float64Array;
  quantity: Float64Array;
  id: Float64Array;
  owner: Int32Array;
  idText: string[];
}
const OWNER_TEXT = Array.from({ length: USERS + 1 }, (_, i) => `u${i}`);

/**
 * The ordinary book stays near TARGET live orders over hundreds of levels: the share of near-top
 * orders that cross adapts to the book's size (more crossing when it is big), since a fixed mix
 * with 9% resting and 6% cancels would otherwise grow the book without end.
 *
 * From `wallsFrom` on, most far-resting orders go to three fixed prices per side, so queues grow to
 * thousands of orders (the deep-queue case). They are left out of the size control; cancels of
 * random live orders then mostly land inside those queues, and the price sometimes reaches the
 * nearest walls and trades into them.
 */
function generate(count: number, seed: number, wallsFrom = Infinity): Stream {
  const random = prng(seed);
  const s: Stream = {
    length: count,
    kind: new Uint8Array(count),
    buy: new Uint8Array(count),
    price: new Float64Array(count),
    quantity: new Float64Array(count),
    id: new Float64Array(count),
    owner: new Int32Array(count),
    idText: new Array<string>(count),
  };
  const shadow = new SpotBook();
  const live = new LiveIds();
  const inWall = new Set<number>();
  const out: SpotEvent[] = [];
  let nextId = 1;
  for (let i = 0; i < count; i++) {
    const bid = shadow.bestBid();
    const ask = shadow.bestAsk();
    const mid = ((bid ?? ask ?? CENTER) + (ask ?? bid ?? CENTER)) / 2;
    // Order flow leans against the drift so the price wanders around CENTER, not away.
    const lean = Math.min(0.8, Math.max(0.2, 0.5 - (mid - CENTER) / (2 * BAND * TICK)));
    const crossing = Math.min(
      0.95,
      Math.max(0.2, 0.5 + (live.size - inWall.size - TARGET) / TARGET),
    );
    const buy = random() < lean;
    const own = buy ? bid : ask;
    const other = buy ? ask : bid;
    const dir = buy ? 1 : -1;
    const r = random();
    let wall = false;
    s.buy[i] = buy ? 1 : 0;
    s.owner[i] = Math.floor(random() * (USERS + 1));
    s.quantity[i] = LOT * (1 + Math.floor(random() ** 3 * 100));
    if (r < 0.06 && live.size > 0) {
      s.kind[i] = CANCEL;
      s.id[i] = live.pick(random);
    } else {
      s.id[i] = nextId++;
      if (r < 0.09) {
        s.kind[i] = MARKET;
      } else {
        s.kind[i] = LIMIT;
        const top = own ?? (other === undefined ? CENTER : other - dir * TICK);
        let price: number;
        if (r < 0.18) {
          const wallPrice = CENTER - dir * TICK * WALLS[Math.floor(random() * WALLS.length)]!;
          const behind =
            top - dir * TICK * Math.min(600, 3 + Math.floor(-Math.log(1 - random()) * 80));
          wall = i >= wallsFrom && random() < 0.8 && dir * (top - wallPrice) > 0;
          price = wall ? wallPrice : behind;
        } else if (other !== undefined && random() < crossing) {
          price = other + dir * TICK * Math.floor(random() * 3);
        } else {
          price = top + dir * TICK * (Math.floor(random() * 4) - 2);
          if (other !== undefined && dir * (price - other) >= 0) price = other - dir * TICK;
        }
        s.price[i] = price;
      }
    }
    s.idText[i] = String(s.id[i]);
    step(shadow, s, i, out);
    for (const e of out) {
      if (e.type === 'rested') {
        live.add(e.id);
        if (wall) inWall.add(e.id);
      } else if (e.type === 'done') {
        live.delete(e.id);
        inWall.delete(e.id);
      }
    }
    out.length = 0;
  }
  return s;
}

function step(book: SpotBook, s: Stream, i: number, out: SpotEvent[]): void {
  const kind = s.kind[i];
  const id = s.id[i]!;
  if (kind === CANCEL) book.cancel(id, out);
  else {
    const side = s.buy[i] === 1 ? 'buy' : 'sell';
    const owner = s.owner[i]!;
    const quantity = s.quantity[i]!;
    if (kind === LIMIT) {
      book.place({ type: 'limit', id, owner, side, price: s.price[i]!, quantity }, out);
    } else book.place({ type: 'market', id, owner, side, quantity }, out);
  }
}

function stepYardstick(book: YardstickBook, s: Stream, i: number): void {
  const kind = s.kind[i];
  if (kind === CANCEL) book.cancel(s.idText[i]!);
  else {
    const side = s.buy[i] === 1 ? 'buy' : 'sell';
    const accountId = OWNER_TEXT[s.owner[i]!]!;
    const size = s.quantity[i]!;
    if (kind === LIMIT) {
      book.limit({ side, id: s.idText[i]!, size, price: s.price[i]!, accountId, stpMode: STP });
    } else book.market({ side, size, accountId, stpMode: STP });
  }
}

/** The two engines behind one shape; `run` replays ops [from, to) and answers milliseconds. */
interface Runner {
  fresh(): void;
  run(from: number, to: number): number;
  latencies(from: number, to: number, into: Float64Array): void;
  depth(): { bids: [number, number][]; asks: [number, number][] };
}

function ours(s: Stream): Runner {
  let book = new SpotBook();
  const out: SpotEvent[] = [];
  return {
    fresh: () => void (book = new SpotBook()),
    run(from, to) {
      const start = performance.now();
      for (let i = from; i < to; i++) {
        step(book, s, i, out);
        out.length = 0; // the caller would consume the events here
      }
      return performance.now() - start;
    },
    latencies(from, to, into) {
      let before = performance.now();
      for (let i = from; i < to; i++) {
        step(book, s, i, out);
        out.length = 0;
        const now = performance.now();
        into[i - from] = now - before;
        before = now;
      }
    },
    depth: () => book.depth(Infinity),
  };
}

function yardstick(s: Stream): Runner {
  let book = new OrderBook();
  return {
    fresh: () => void (book = new OrderBook()),
    run(from, to) {
      const start = performance.now();
      for (let i = from; i < to; i++) stepYardstick(book, s, i);
      return performance.now() - start;
    },
    latencies(from, to, into) {
      let before = performance.now();
      for (let i = from; i < to; i++) {
        stepYardstick(book, s, i);
        const now = performance.now();
        into[i - from] = now - before;
        before = now;
      }
    },
    depth: () => {
      const [asks, bids] = book.depth();
      return { bids, asks };
    },
  };
}

const micros = (sorted: Float64Array, q: number) =>
  +(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 1000).toFixed(3);

/** Throughput and latency over the measured ops, each from a fresh engine preloaded alike. */
function steady(runner: Runner, from: number, to: number) {
  let opsPerSec = 0;
  let best: Float64Array | undefined;
  for (let round = 0; round < ROUNDS; round++) {
    runner.fresh();
    runner.run(0, from);
    opsPerSec = Math.max(opsPerSec, Math.round((to - from) / (runner.run(from, to) / 1000)));
    runner.fresh();
    runner.run(0, from);
    const lat = new Float64Array(to - from);
    runner.latencies(from, to, lat);
    lat.sort();
    if (best === undefined || micros(lat, 0.99) < micros(best, 0.99)) best = lat;
  }
  const lat = best!;
  return { opsPerSec, p50: micros(lat, 0.5), p99: micros(lat, 0.99), p999: micros(lat, 0.999) };
}

/** Median speed (ops/s) over consecutive FIRST-op chunks of [from, to): one stall cannot sway it. */
function chunkedRate(runner: Runner, from: number, to: number): number[] {
  const rates: number[] = [];
  for (let at = from; at < to; at += FIRST) rates.push(FIRST / (runner.run(at, at + FIRST) / 1000));
  return rates;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/**
 * The scaling run starts from the ordinary preloaded book (so its first ops do the same kind of
 * work as later ones: an empty book would make them artificially cheap), then builds deep queues.
 * Speed over its first FIRST ops (median of five fresh runs) against the speed over the WINDOW
 * ops after AFTER (median of its FIRST-op chunks), measured the same way for both engines.
 */
function scaling(runner: Runner) {
  const firsts: number[] = [];
  for (let round = 0; round < 5; round++) {
    runner.fresh();
    runner.run(0, PRELOAD);
    firsts.push(...chunkedRate(runner, PRELOAD, PRELOAD + FIRST));
  }
  runner.run(PRELOAD + FIRST, PRELOAD + AFTER);
  const first = median(firsts);
  const after = median(chunkedRate(runner, PRELOAD + AFTER, PRELOAD + AFTER + WINDOW));
  return {
    firstOpsPerSec: Math.round(first),
    afterOpsPerSec: Math.round(after),
    ratio: +(after / first).toFixed(3),
  };
}

function timerOverheadMicros(): number {
  const gaps = new Float64Array(100_000);
  let before = performance.now();
  for (let i = 0; i < gaps.length; i++) {
    const now = performance.now();
    gaps[i] = now - before;
    before = now;
  }
  gaps.sort();
  return micros(gaps, 0.5);
}

function streamStats(s: Stream, from: number, to: number) {
  const book = new SpotBook();
  const out: SpotEvent[] = [];
  let trades = 0;
  const counts = [0, 0, 0];
  for (let i = 0; i < to; i++) {
    step(book, s, i, out);
    if (i >= from) {
      counts[s.kind[i]!]!++;
      for (const e of out) if (e.type === 'trade') trades++;
    }
    out.length = 0;
  }
  const snapshot = book.snapshot();
  const perPrice = new Map<number, number>();
  for (const o of [...snapshot.bids, ...snapshot.asks])
    perPrice.set(o.price, (perPrice.get(o.price) ?? 0) + 1);
  const n = to - from;
  return {
    limitShare: +(counts[LIMIT]! / n).toFixed(3),
    marketShare: +(counts[MARKET]! / n).toFixed(3),
    cancelShare: +(counts[CANCEL]! / n).toFixed(3),
    tradesPerOp: +(trades / n).toFixed(3),
    levels: perPrice.size,
    restingOrders: book.size,
    deepestQueue: Math.max(0, ...perPrice.values()),
    topBidQueues: [0, 1, 2].map((rank) => perPrice.get(book.depth(3).bids[rank]?.[0] ?? -1) ?? 0),
  };
}

const sameDepth = (a: Runner, b: Runner) => JSON.stringify(a.depth()) === JSON.stringify(b.depth());

// Each phase in its own function, so the first stream and books are garbage before the next.
function steadyPhase() {
  const main = generate(PRELOAD + OPS, 20_240_601);
  const [a, b] = [ours(main), yardstick(main)];
  const result = {
    ours: steady(a, PRELOAD, PRELOAD + OPS),
    yardstick: steady(b, PRELOAD, PRELOAD + OPS),
  };
  return { ...result, same: sameDepth(a, b), stream: streamStats(main, PRELOAD, PRELOAD + OPS) };
}

function scalingPhase() {
  const deep = generate(PRELOAD + AFTER + WINDOW, 7_777, PRELOAD);
  const [a, b] = [ours(deep), yardstick(deep)];
  const result = { ours: scaling(a), yardstick: scaling(b), same: sameDepth(a, b) };
  return {
    ...result,
    first: streamStats(deep, PRELOAD, PRELOAD + FIRST),
    after: streamStats(deep, PRELOAD + AFTER, PRELOAD + AFTER + WINDOW),
  };
}

const { ours: steadyOurs, yardstick: steadyYard, same: sameFinalBook, stream } = steadyPhase();
const scale = scalingPhase();
const [scaleOurs, scaleYard] = [scale.ours, scale.yardstick];

const ratio = +(steadyOurs.opsPerSec / steadyYard.opsPerSec).toFixed(2);
console.log(
  JSON.stringify({
    bench: 'engine',
    machine: `${os.cpus().length} x ${os.cpus()[0]?.model.trim()}`,
    node: process.version,
    ops: OPS,
    opsPerSec: steadyOurs.opsPerSec,
    yardstickOpsPerSec: steadyYard.opsPerSec,
    ratio,
    p50Micros: steadyOurs.p50,
    p99Micros: steadyOurs.p99,
    p999Micros: steadyOurs.p999,
    yardstickP50Micros: steadyYard.p50,
    yardstickP99Micros: steadyYard.p99,
    yardstickP999Micros: steadyYard.p999,
    rounds: ROUNDS,
    latency: 'performance.now() per operation, chained; each sample includes one timer read',
    timerOverheadMicros: timerOverheadMicros(),
    scaling: scaleOurs.ratio,
    yardstickScaling: scaleYard.ratio,
    scalingDetail: {
      first: FIRST,
      after: AFTER,
      window: WINDOW,
      ours: scaleOurs,
      yardstick: scaleYard,
    },
    stream,
    scalingFirstWindow: scale.first,
    scalingAfterWindow: scale.after,
    sameFinalBook: sameFinalBook && scale.same,
    yardstick: 'nodejs-order-book@10.1.1',
    targets: { ratio: 3, p99Micros: 5, scaling: 0.7 },
    met: {
      ratio: ratio >= 3,
      p99Micros: steadyOurs.p99 <= 5,
      scaling: scaleOurs.ratio >= 0.7,
    },
  }),
);
