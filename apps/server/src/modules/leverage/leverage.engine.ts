import {
  closeFigures,
  firedTrigger,
  QUOTE_CURRENCY,
  type CloseFigures,
  type LeverageClosedBy,
  type LeverageDirection,
} from '@tidemark/contract';
import { systemAccount, userAccount, type Book } from '../../ledger/accounts';
import type { Posting } from '../../ledger/ledger';

/**
 * The leveraged contract's pure parts: the trigger index that lets a tick touch only the
 * positions it crosses, and the ledger postings of opening, topping up and closing. The
 * arithmetic itself (P&L, fees, liquidation price) is the contract's, shared with the web.
 */

const CURRENCY = QUOTE_CURRENCY;

/** What the index knows of an open position. */
export interface IndexedPosition {
  id: number;
  userId: number;
  book: Book;
  symbol: string;
  direction: LeverageDirection;
  takeProfit: bigint | null;
  stopLoss: bigint | null;
  liquidation: bigint | null;
  /** Its entry tick: only later ticks may close it. */
  entrySeq: number;
  /** For live P&L. */
  value: bigint;
  entry: bigint;
  held: bigint;
}

interface Entry {
  /** The trigger price (negated in a max-heap). */
  key: bigint;
  id: number;
  version: number;
}

/** A binary min-heap of entries by key. */
class Heap {
  readonly items: Entry[] = [];

  get size(): number {
    return this.items.length;
  }

  peek(): Entry | undefined {
    return this.items[0];
  }

  push(entry: Entry): void {
    const a = this.items;
    a.push(entry);
    let i = a.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (a[parent]!.key <= entry.key) break;
      a[i] = a[parent]!;
      i = parent;
    }
    a[i] = entry;
  }

  pop(): Entry | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (top === undefined || last === undefined || a.length === 0) return top;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= a.length) break;
      const r = l + 1;
      const c = r < a.length && a[r]!.key < a[l]!.key ? r : l;
      if (a[c]!.key >= last.key) break;
      a[i] = a[c]!;
      i = c;
    }
    a[i] = last;
    return top;
  }
}

/** The two queues of a symbol: triggers a falling price reaches, and those a rising one does. */
interface SymbolQueues {
  /** Long stop-loss and liquidation, short take-profit: fire at price <= trigger (max first). */
  below: Heap;
  /** Long take-profit, short stop-loss and liquidation: fire at price >= trigger (min first). */
  above: Heap;
}

/**
 * Open positions by trigger price per symbol. A tick looks at the top of two heaps and pops only
 * the triggers it crosses: with nothing crossed it costs the same with a thousand positions as
 * with a hundred thousand. Changed or closed positions leave stale entries behind, skipped when
 * they surface (and swept when they outnumber the live ones).
 */
export class TriggerIndex<P extends IndexedPosition = IndexedPosition> {
  private readonly positions = new Map<number, { position: P; version: number }>();
  private readonly queues = new Map<string, SymbolQueues>();
  /** Open positions by symbol and trader (live P&L goes to the traders who listen). */
  private readonly holders = new Map<string, Map<number, Set<number>>>();
  private entries = 0;
  private nextVersion = 1;

  get size(): number {
    return this.positions.size;
  }

  get(id: number): P | undefined {
    return this.positions.get(id)?.position;
  }

  /** The traders with open positions on a symbol, each with them (for live P&L). */
  *holdersOf(symbol: string): Iterable<[number, P[]]> {
    for (const [userId, ids] of this.holders.get(symbol) ?? []) {
      const list: P[] = [];
      for (const id of ids) {
        const live = this.positions.get(id);
        if (live) list.push(live.position);
      }
      yield [userId, list];
    }
  }

  /** Adds a position, or replaces its triggers. */
  upsert(position: P): void {
    const version = this.nextVersion++;
    this.positions.set(position.id, { position, version });
    let bySymbol = this.holders.get(position.symbol);
    if (!bySymbol) this.holders.set(position.symbol, (bySymbol = new Map()));
    let ids = bySymbol.get(position.userId);
    if (!ids) bySymbol.set(position.userId, (ids = new Set()));
    ids.add(position.id);
    const q = this.queuesOf(position.symbol);
    const long = position.direction === 'long';
    const add = (trigger: bigint | null, falling: boolean) => {
      if (trigger === null) return;
      this.entries += 1;
      if (falling) q.below.push({ key: -trigger, id: position.id, version });
      else q.above.push({ key: trigger, id: position.id, version });
    };
    add(position.takeProfit, !long);
    add(position.stopLoss, long);
    add(position.liquidation, long);
    if (this.entries > 64 && this.entries > 3 * this.positions.size) this.sweep();
  }

  remove(id: number): void {
    const live = this.positions.get(id);
    if (!live) return;
    this.positions.delete(id);
    const bySymbol = this.holders.get(live.position.symbol);
    const ids = bySymbol?.get(live.position.userId);
    ids?.delete(id);
    if (ids?.size === 0) bySymbol!.delete(live.position.userId);
  }

  /**
   * The positions a tick of `price` (sequence `seq`) fires, each with the trigger that fires, in
   * the order their triggers were reached; they leave the index (put one back with upsert if its
   * close does not happen). Positions entered at or after this tick stay.
   */
  crossed(
    symbol: string,
    price: bigint,
    seq: number,
  ): { position: P; by: Exclude<LeverageClosedBy, 'user'> }[] {
    const q = this.queues.get(symbol);
    if (!q) return [];
    const fired: { position: P; by: Exclude<LeverageClosedBy, 'user'> }[] = [];
    const later: P[] = [];
    const drain = (heap: Heap, reached: (key: bigint) => boolean) => {
      for (let top = heap.peek(); top && reached(top.key); top = heap.peek()) {
        heap.pop();
        this.entries -= 1;
        const live = this.positions.get(top.id);
        if (!live || live.version !== top.version) continue;
        const { position } = live;
        if (position.entrySeq >= seq) {
          this.remove(position.id);
          later.push(position);
          continue;
        }
        const by = firedTrigger(position, price);
        if (by === null) continue;
        this.remove(position.id);
        fired.push({ position, by });
      }
    };
    drain(q.below, (key) => price <= -key);
    drain(q.above, (key) => price >= key);
    for (const position of later) this.upsert(position);
    return fired;
  }

  private queuesOf(symbol: string): SymbolQueues {
    let q = this.queues.get(symbol);
    if (!q) this.queues.set(symbol, (q = { below: new Heap(), above: new Heap() }));
    return q;
  }

  /** Rebuilds the heaps from the live positions only. */
  private sweep(): void {
    const live = [...this.positions.values()].map((p) => p.position);
    this.queues.clear();
    this.positions.clear();
    this.holders.clear();
    this.entries = 0;
    for (const position of live) this.upsert(position);
  }
}

// --- ledger postings ------------------------------------------------------------------------------

/** Opening: margin into the frozen contract wallet, the opening fee to fees. */
export function openPostings(
  userId: number,
  book: Book,
  margin: bigint,
  openFee: bigint,
): Posting[] {
  return [
    { account: userAccount(userId, book, 'contract', CURRENCY), amount: -(margin + openFee) },
    { account: userAccount(userId, book, 'contract_hold', CURRENCY), amount: margin },
    ...(openFee > 0n ? [{ account: systemAccount(book, 'fees', CURRENCY), amount: openFee }] : []),
  ];
}

/** A top-up: from the contract wallet to the position's frozen margin. */
export function topUpPostings(userId: number, book: Book, amount: bigint): Posting[] {
  return [
    { account: userAccount(userId, book, 'contract', CURRENCY), amount: -amount },
    { account: userAccount(userId, book, 'contract_hold', CURRENCY), amount },
  ];
}

/**
 * Closing: the held margin leaves the frozen wallet, the payout (equity - fee) enters the wallet,
 * the fee goes to fees and the insurance fund takes the loss or pays the profit (-pnl). A negative
 * payout takes the wallet below zero (the ledger's one allowed exception); with protection on, a
 * second transaction (`gap`) has the fund cover it.
 */
export function closePostings(
  userId: number,
  book: Book,
  held: bigint,
  figures: CloseFigures,
): { close: Posting[]; gap: Posting[] } {
  const wallet = userAccount(userId, book, 'contract', CURRENCY);
  const fund = systemAccount(book, 'insurance_fund', CURRENCY);
  const close: Posting[] = [
    { account: userAccount(userId, book, 'contract_hold', CURRENCY), amount: -held },
    { account: wallet, amount: figures.payout, allowNegative: figures.payout < 0n },
  ];
  if (figures.closeFee > 0n)
    close.push({ account: systemAccount(book, 'fees', CURRENCY), amount: figures.closeFee });
  if (figures.pnl !== 0n) close.push({ account: fund, amount: -figures.pnl });
  const gap: Posting[] =
    figures.gap > 0n
      ? [
          { account: fund, amount: -figures.gap },
          { account: wallet, amount: figures.gap },
        ]
      : [];
  return { close: close.filter((p) => p.amount !== 0n), gap };
}

export { closeFigures };
