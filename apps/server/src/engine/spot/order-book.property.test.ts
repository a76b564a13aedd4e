import { mulMoney } from '@tidemark/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SpotBook } from './order-book';
import { ReferenceBook } from './reference-book';
import { checkSnapshot } from './snapshot';
import type { Side, SpotBookSnapshot, SpotEvent, SpotOrder } from './types';

// Random command streams over a narrow price band (so orders cross often), few owners (so
// self-trade prevention triggers often) and prices whose products have sub-unit fractions.
type Command =
  | { kind: 'limit'; side: Side; tick: number; quantity: number; owner: number }
  | { kind: 'market'; side: Side; quantity: number; owner: number }
  | { kind: 'quote'; amount: number; lot: number | undefined; owner: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'duplicate'; pick: number }
  | { kind: 'invalid'; owner: number };

const priceOf = (tick: number) => 95_000_000 + tick * 1_234_567;
const side = fc.constantFrom<Side>('buy', 'sell');
const owner = fc.integer({ min: 0, max: 3 });
const quantity = fc.integer({ min: 1, max: 300_000_000 });

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant('limit' as const),
      side,
      tick: fc.integer({ min: 0, max: 12 }),
      quantity,
      owner,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('market' as const), side, quantity, owner }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('quote' as const),
      amount: fc.integer({ min: 1, max: 2_000_000_000 }),
      // The product's smallest step (absent: any unit).
      lot: fc.constantFrom(undefined, 1, 10, 1_000),
      owner,
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('duplicate' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('invalid' as const), owner }) },
);
const commands = fc.array(command, { maxLength: 200, size: 'max' });

interface Engine {
  place(order: SpotOrder, out: SpotEvent[]): void;
  cancel(id: number, out: SpotEvent[]): boolean;
}

/** Turns commands into engine calls; ids come from the command position, so replays agree. */
class Driver {
  private readonly issued: SpotOrder[] = [];
  readonly orders = new Map<number, SpotOrder>();

  order(cmd: Command): SpotOrder | number {
    const id = this.issued.length + 1;
    let order: SpotOrder;
    switch (cmd.kind) {
      case 'cancel':
        return this.issued.length === 0 ? 999_999 : this.issued[cmd.pick % this.issued.length]!.id;
      case 'duplicate':
        if (this.issued.length === 0) return 999_999;
        return { ...this.issued[cmd.pick % this.issued.length]! };
      case 'limit':
        order = {
          type: 'limit',
          id,
          owner: cmd.owner,
          side: cmd.side,
          price: priceOf(cmd.tick),
          quantity: cmd.quantity,
        };
        break;
      case 'market':
        order = { type: 'market', id, owner: cmd.owner, side: cmd.side, quantity: cmd.quantity };
        break;
      case 'quote':
        order = {
          type: 'market',
          id,
          owner: cmd.owner,
          side: 'buy',
          quoteAmount: cmd.amount,
          ...(cmd.lot === undefined ? {} : { lot: cmd.lot }),
        };
        break;
      case 'invalid':
        order = { type: 'limit', id, owner: cmd.owner, side: 'buy', price: 0, quantity: 1 };
        break;
    }
    this.issued.push(order);
    this.orders.set(id, order);
    return order;
  }

  run(engine: Engine, cmd: Command, out: SpotEvent[]): boolean | undefined {
    const next = this.order(cmd);
    if (typeof next === 'number') return engine.cancel(next, out);
    engine.place(next, out);
    return undefined;
  }
}

/** Per-order accounting over the events: every unit is filled, resting or released, once. */
class Conservation {
  private readonly fills = new Map<number, number>();
  private readonly spent = new Map<number, bigint>();
  private readonly finished = new Set<number>();

  constructor(private readonly orders: Map<number, SpotOrder>) {}

  see(event: SpotEvent): void {
    if (event.type === 'trade') {
      const maker = this.orders.get(event.makerId)!;
      const taker = this.orders.get(event.takerId)!;
      expect(this.finished.has(event.makerId) || this.finished.has(event.takerId)).toBe(false);
      expect(maker.type).toBe('limit');
      expect(event.price).toBe(maker.type === 'limit' ? maker.price : NaN);
      expect([event.makerOwner, event.takerOwner, event.takerSide]).toEqual([
        maker.owner,
        taker.owner,
        taker.side,
      ]);
      expect(maker.side).not.toBe(taker.side);
      expect(event.makerOwner).not.toBe(event.takerOwner);
      if (taker.type === 'limit') {
        expect(taker.side === 'buy' ? event.price <= taker.price : event.price >= taker.price).toBe(
          true,
        );
      }
      expect(event.quantity).toBeGreaterThan(0);
      expect(event.quote).toBe(mulMoney(BigInt(event.price), BigInt(event.quantity), 'down'));
      for (const id of [event.makerId, event.takerId]) {
        this.fills.set(id, (this.fills.get(id) ?? 0) + event.quantity);
      }
      this.spent.set(event.takerId, (this.spent.get(event.takerId) ?? 0n) + event.quote);
    } else if (event.type === 'rested') {
      const order = this.orders.get(event.id)!;
      expect(event.remaining).toBe(order.quantity! - (this.fills.get(event.id) ?? 0));
    } else if (event.type === 'done') {
      const order = this.orders.get(event.id)!;
      expect(this.finished.has(event.id)).toBe(false);
      this.finished.add(event.id);
      expect(event.filled).toBe(this.fills.get(event.id) ?? 0);
      if (order.type === 'market' && order.quoteAmount !== undefined) {
        expect(BigInt(event.remaining) + (this.spent.get(event.id) ?? 0n)).toBe(
          BigInt(order.quoteAmount),
        );
      } else {
        expect(event.filled + event.remaining).toBe(order.quantity);
      }
    }
  }

  /** What still rests has not been released and accounts for every unit not yet filled. */
  checkResting(snapshot: SpotBookSnapshot): void {
    for (const resting of [...snapshot.bids, ...snapshot.asks]) {
      expect(this.finished.has(resting.id)).toBe(false);
      expect(resting.quantity).toBe(this.orders.get(resting.id)!.quantity);
      expect(resting.quantity - resting.remaining).toBe(this.fills.get(resting.id) ?? 0);
    }
  }
}

function checkBook(book: SpotBook): SpotBookSnapshot {
  const snapshot = book.snapshot();
  checkSnapshot(snapshot); // priority order, positive remainders and, above all, never crossed
  expect(book.bestBid()).toBe(snapshot.bids[0]?.price);
  expect(book.bestAsk()).toBe(snapshot.asks[0]?.price);
  expect(book.size).toBe(snapshot.bids.length + snapshot.asks.length);
  const depth = book.depth(Infinity);
  for (const [levels, orders] of [
    [depth.bids, snapshot.bids],
    [depth.asks, snapshot.asks],
  ] as const) {
    const totals = new Map<number, number>();
    for (const o of orders) totals.set(o.price, (totals.get(o.price) ?? 0) + o.remaining);
    expect(levels).toEqual([...totals]);
  }
  for (const o of [...snapshot.bids, ...snapshot.asks]) expect(book.order(o.id)).toEqual(o);
  return snapshot;
}

function runAll(
  engine: Engine,
  cmds: readonly Command[],
): { events: SpotEvent[][]; answers: unknown[] } {
  const driver = new Driver();
  const events: SpotEvent[][] = [];
  const answers: unknown[] = [];
  for (const cmd of cmds) {
    const out: SpotEvent[] = [];
    answers.push(driver.run(engine, cmd, out));
    events.push(out);
  }
  return { events, answers };
}

describe('SpotBook over random command streams', () => {
  it('matches a naive reference book event for event', () => {
    fc.assert(
      fc.property(commands, (cmds) => {
        const book = new SpotBook();
        const reference = new ReferenceBook();
        expect(runAll(book, cmds)).toEqual(runAll(reference, cmds));
        expect(book.snapshot()).toEqual(reference.snapshot());
      }),
      { numRuns: 300 },
    );
  });

  it('is never crossed and conserves every order’s quantity after every command', () => {
    fc.assert(
      fc.property(commands, (cmds) => {
        const book = new SpotBook();
        const driver = new Driver();
        const ledger = new Conservation(driver.orders);
        for (const cmd of cmds) {
          const out: SpotEvent[] = [];
          const answer = driver.run(book, cmd, out);
          if (answer === false) expect(out).toEqual([]);
          out.forEach((e) => ledger.see(e));
          ledger.checkResting(checkBook(book));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('gives identical events and an identical serialize() when the same log is replayed', () => {
    fc.assert(
      fc.property(commands, (cmds) => {
        const first = new SpotBook();
        const second = new SpotBook();
        expect(runAll(second, cmds)).toEqual(runAll(first, cmds));
        expect(second.serialize()).toBe(first.serialize());
      }),
    );
  });

  it('continues after restore(snapshot) exactly as the original does', () => {
    fc.assert(
      fc.property(commands, fc.nat(), (cmds, at) => {
        const cut = cmds.length === 0 ? 0 : at % (cmds.length + 1);
        const original = new SpotBook();
        const driver = new Driver();
        cmds.slice(0, cut).forEach((cmd) => driver.run(original, cmd, []));
        const saved = JSON.parse(original.serialize()) as SpotBookSnapshot;
        const restored = SpotBook.restore(saved);
        expect(restored.serialize()).toBe(original.serialize());
        const restoredDriver = new Driver();
        cmds.slice(0, cut).forEach((cmd) => restoredDriver.order(cmd)); // same ids onward
        for (const cmd of cmds.slice(cut)) {
          const a: SpotEvent[] = [];
          const b: SpotEvent[] = [];
          expect(restoredDriver.run(restored, cmd, b)).toEqual(driver.run(original, cmd, a));
          expect(b).toEqual(a);
        }
        expect(restored.serialize()).toBe(original.serialize());
      }),
    );
  });
});
