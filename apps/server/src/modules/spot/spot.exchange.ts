import {
  channels,
  formatMoney,
  parseMoney,
  SPOT_ORDER_TYPE,
  type Depth,
  type OrderEvent,
  type SpotOrderPhase,
  type SpotSide,
  type Trade,
} from '@tidemark/contract';
import {
  SpotBook,
  type RestingOrder,
  type SpotEvent,
  type SpotOrder as EngineOrder,
} from '../../engine/spot';
import { StaleLeaseError } from '../../cluster/lease';
import type { Trx } from '../../db/database';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { openMarketOrEarlier } from '../market/market.open';
import { userAccount, type Book } from '../../ledger/accounts';
import { checkAmountLimit } from '../../ledger/amount-limits';
import { once } from '../../ledger/idempotency';
import { userChannel } from '../../realtime/hub';
import { notifyBalances } from '../assets/assets.service';
import * as repo from './spot.repository';
import {
  checkOrder,
  holdFor,
  productRules,
  type OrderRequest,
  type ProductRules,
} from './spot.rules';
import { releaseHold, settle, type Placed, type Settled } from './spot.settle';
import type { SpotOrderRow, SpotOrderTable } from './spot.table';

const BOOKS: readonly Book[] = ['real', 'demo'];
const RECENT_TRADES = 100;
const DEPTH_PUBLISH_MS = 250;
/** A market buy by quantity holds this much more than the book says it costs, for moves meanwhile. */
const MARKET_BUY_MARGIN_BPS = 200n;

export interface PlaceRequest {
  userId: number;
  book: Book;
  symbol: string;
  side: SpotSide;
  type: 1 | 2;
  price?: string | undefined;
  quantity?: string | undefined;
  amount?: string | undefined;
  idempotencyKey: string | undefined;
  call: string;
}

export interface OrderState {
  orderId: number;
  status: 'entrusted' | 'closed';
  phase: SpotOrderPhase;
  filled: string;
}

export const stateOf = (row: Pick<SpotOrderRow, 'id' | 'phase' | 'filled'>): OrderState => ({
  orderId: Number(row.id),
  status: row.phase === 'open' || row.phase === 'partial' ? 'entrusted' : 'closed',
  phase: row.phase as SpotOrderPhase,
  filled: formatMoney(row.filled),
});

const units = (text: string | undefined) => (text === undefined ? undefined : parseMoney(text));

/**
 * The spot exchange: one matching engine per pair and book (demo and real never meet), the books
 * rebuilt from the open orders at start, and the path of every order:
 *
 *   1. a unit of the group committer checks, holds the funds and stores the order (committed);
 *   2. the engine matches it, synchronously, in commit order;
 *   3. a second unit settles what the engine did: trades in the ledger, order rows, releases.
 *
 * The caller is answered after step 3's commit. The engine is touched only between commits, so a
 * retried commit never replays it; if a settlement ever failed, the book is rebuilt from the
 * database, which holds every order's funds until its settlement commits.
 */
export class SpotExchange {
  private readonly books = new Map<string, SpotBook>();
  private readonly rules = new Map<string, ProductRules>();
  private readonly recent = new Map<string, Trade[]>();
  private readonly dirtyDepth = new Set<string>();
  /** Live orders of the market maker (owner 0), which are never stored. */
  readonly marketMakerOrders = new Set<number>();
  /** Public order ids, engine sequences (shared with the market maker), trade ids. */
  private lastOrderId = 0n;
  private lastSeq = 0n;
  private lastTradeId = 0n;
  private depthTimer: NodeJS.Timeout | undefined;
  /**
   * What the engines did, by book and event type, since start (the metrics read it at scrape
   * time): plain numbers, so counting costs the order path nothing worth measuring.
   */
  readonly engineEvents: Record<Book, Record<SpotEvent['type'], number>> = {
    real: { accepted: 0, rejected: 0, trade: 0, rested: 0, done: 0 },
    demo: { accepted: 0, rejected: 0, trade: 0, rested: 0, done: 0 },
  };

  /**
   * Scale-out: the check, in each of the exchange's write transactions, that this process still
   * owns the spot markets (the lease's fence); a stale owner's write is refused and rolled back.
   * Null in the embedded mode, where this process always does.
   */
  private fenceOf: ((trx: Trx) => Promise<void>) | null = null;

  constructor(private readonly app: AppContext) {
    for (const product of this.app.market.products()) {
      this.rules.set(product.symbol, productRules(product, this.app.config.spot));
    }
  }

  /** Fences every write of the exchange (and of its market maker) with `fence`. */
  fenceWith(fence: (trx: Trx) => Promise<void>): void {
    this.fenceOf = fence;
  }

  /** Refuses (StaleLeaseError) inside `trx` unless this process still owns the markets. */
  async fence(trx: Trx): Promise<void> {
    if (this.fenceOf) await this.fenceOf(trx);
  }

  /**
   * Takes the markets up: the highest ids, the release of orders stored but never matched, and
   * every book rebuilt from the open orders in the database (at start, or on taking the markets
   * over from another process).
   */
  async start(): Promise<void> {
    const highest = await repo.highestIds(this.app.db);
    this.lastOrderId = highest.order;
    this.lastSeq = highest.seq;
    this.lastTradeId = highest.trade;
    await this.releaseUnplaced();
    await this.rebuild();
    for (const key of this.books.keys()) {
      const [book, symbol] = key.split('|') as [Book, string];
      const rows = await repo.recentTrades(this.app.db, book, symbol, RECENT_TRADES);
      this.recent.set(
        key,
        rows.map((r) => ({
          price: formatMoney(BigInt(r.price)),
          quantity: formatMoney(BigInt(r.quantity)),
          side: r.taker_side as SpotSide,
          time: Number(r.created_at),
          source: 'engine' as const,
        })),
      );
    }
    this.depthTimer = setInterval(() => this.publishDepth(), DEPTH_PUBLISH_MS);
    this.depthTimer.unref();
  }

  /** Lets the markets go: no book, no depth published, until the next start. */
  stop(): void {
    if (this.depthTimer) clearInterval(this.depthTimer);
    this.depthTimer = undefined;
    this.books.clear();
    this.recent.clear();
    this.dirtyDepth.clear();
    this.marketMakerOrders.clear();
  }

  /** Rebuilds every book from the open orders in the database (start, or after a failed settlement). */
  async rebuild(only?: { book: Book; symbol: string }): Promise<void> {
    const rows = await repo.openOrders(this.app.db);
    const grouped = new Map<string, SpotOrderRow[]>();
    for (const row of rows) {
      if (row.seq === null) continue;
      const key = `${row.book}|${row.symbol}`;
      if (only && key !== `${only.book}|${only.symbol}`) continue;
      let list = grouped.get(key);
      if (!list) grouped.set(key, (list = []));
      list.push(row);
    }
    for (const book of BOOKS) {
      for (const symbol of this.rules.keys()) {
        if (only && (only.book !== book || only.symbol !== symbol)) continue;
        const key = `${book}|${symbol}`;
        const orders = grouped.get(key) ?? [];
        const resting = (o: SpotOrderRow): RestingOrder => ({
          id: Number(o.seq),
          owner: Number(o.user_id),
          side: o.side as SpotSide,
          price: Number(o.price),
          quantity: Number(o.quantity),
          remaining: Number((o.quantity ?? 0n) - o.filled),
        });
        // Priority order: best price first, then arrival (id) within a price.
        const bids = orders
          .filter((o) => o.side === 'buy')
          .map(resting)
          .sort((a, b) => b.price - a.price || a.id - b.id);
        const asks = orders
          .filter((o) => o.side === 'sell')
          .map(resting)
          .sort((a, b) => a.price - b.price || a.id - b.id);
        const lastId = Number(await repo.maxSeq(this.app.db, book, symbol));
        this.books.set(key, SpotBook.restore({ version: 1, lastId, bids, asks }));
        this.dirtyDepth.add(key);
      }
    }
    if (!only) this.marketMakerOrders.clear();
  }

  rulesOf(symbol: string): ProductRules {
    const rules = this.rules.get(symbol);
    if (!rules) throw new DomainError('currencyNotOpen');
    return rules;
  }

  symbols(): string[] {
    return [...this.rules.keys()];
  }

  book(book: Book, symbol: string): SpotBook {
    const engine = this.books.get(`${book}|${symbol}`);
    if (!engine) throw new DomainError('currencyNotOpen');
    return engine;
  }

  /** The next engine id: every order reaching an engine takes one, in the order it arrives. */
  nextSeq(): number {
    this.lastSeq += 1n;
    return Number(this.lastSeq);
  }

  private nextTradeId(): bigint {
    this.lastTradeId += 1n;
    return this.lastTradeId;
  }

  /**
   * Orders stored and held but never matched (the process stopped in between) are cancelled and
   * their holds released: their users were never told they were placed.
   */
  private async releaseUnplaced(): Promise<void> {
    const stranded = (await repo.openOrders(this.app.db)).filter((o) => o.seq === null);
    for (const row of stranded) await this.releaseStranded(row);
  }

  /** Cancels an order stored and held but never matched, giving its whole hold back. */
  private async releaseStranded(row: SpotOrderRow): Promise<void> {
    await this.app.writer.run(async (trx) => {
      await this.fence(trx);
      if (row.held > 0n) await releaseHold(this.app, trx, row, 'spot-release');
      await repo.updateOrder(trx, Number(row.id), {
        filled: row.filled,
        filled_quote: row.filled_quote,
        fee: row.fee,
        held: 0n,
        phase: 'cancelled',
        seq: null,
        updated_at: BigInt(this.app.clock.now()),
      });
    });
  }

  /**
   * Places a user's order: hold, match, settle (see the class comment). Once per Idempotency-Key
   * when one is sent, else once per request.
   */
  async place(request: PlaceRequest): Promise<OrderState> {
    const rules = this.rulesOf(request.symbol);
    const engine = this.book(request.book, request.symbol);
    const order: OrderRequest = {
      side: request.side,
      type: request.type,
      price: request.type === SPOT_ORDER_TYPE.limit ? units(request.price) : undefined,
      quantity: units(request.quantity),
      quoteAmount:
        request.side === 'buy' &&
        request.type === SPOT_ORDER_TYPE.market &&
        request.quantity === undefined
          ? units(request.amount)
          : undefined,
    };
    const keyed = {
      userId: request.userId,
      call: request.call,
      key: request.idempotencyKey,
      input: [
        request.symbol,
        request.side,
        request.type,
        request.price,
        request.quantity,
        request.amount,
        request.book,
      ],
      now: this.app.clock.now(),
    };
    // A market order takes whatever the book holds: while the coin is blind (the market maker has
    // pulled its quotes, the feed has no price) none is taken; limit orders between traders rest
    // and match as ever (issue 17). A keyed retry of one placed before answers it as it stands.
    if (request.type === SPOT_ORDER_TYPE.market) {
      const earlier = await openMarketOrEarlier<{ orderId: number }>(
        this.app,
        request.symbol,
        keyed,
      );
      if (earlier) return this.orderNow(earlier.orderId);
    }
    const reference = this.app.market.lastPrice(request.symbol) ?? 0n;
    checkOrder(rules, order, reference);
    const hold = holdFor(rules, order, () => this.marketBuyCost(engine, order.quantity));
    const limits = this.app.config.amountLimits;
    if (order.quantity !== undefined) checkAmountLimit(limits, rules.base, order.quantity);
    if (order.quoteAmount !== undefined) checkAmountLimit(limits, rules.quote, order.quoteAmount);
    checkAmountLimit(limits, hold.currency, hold.amount);

    // 1. Hold and store, once per Idempotency-Key (ledger/idempotency.ts): a retry answers the
    // order the key already placed, as it now stands.
    let placedId: number | undefined;
    let stored: SpotOrderTable | undefined;
    const { orderId: id } = await once(this.app.writer, keyed, async (trx) => {
      await this.fence(trx);
      this.lastOrderId += 1n;
      const id = this.lastOrderId;
      const now = BigInt(this.app.clock.now());
      const holdPosting = [
        {
          account: userAccount(request.userId, request.book, 'coin', hold.currency),
          amount: -hold.amount,
        },
        {
          account: userAccount(request.userId, request.book, 'coin_hold', hold.currency),
          amount: hold.amount,
        },
      ];
      await this.app.ledger.precheck(trx, holdPosting).catch((error: unknown) => {
        // A sell holds the coin, not USDT: "please recharge first" would send the trader to
        // the wrong wallet, so name the coin that is short.
        if (
          request.side === 'sell' &&
          error instanceof DomainError &&
          error.key === 'insufficientBalance'
        )
          throw new DomainError('insufficientToSell', { coin: hold.currency });
        throw error;
      });
      stored = {
        id,
        user_id: BigInt(request.userId),
        book: request.book,
        symbol: request.symbol,
        side: request.side,
        type: BigInt(request.type),
        price: order.price ?? null,
        quantity: order.quantity ?? null,
        quote_amount: order.quoteAmount ?? null,
        filled: 0n,
        filled_quote: 0n,
        fee: 0n,
        fee_currency: request.side === 'buy' ? rules.base : rules.quote,
        held: hold.amount,
        held_currency: hold.currency,
        phase: 'open',
        seq: null,
        created_at: now,
        updated_at: now,
      };
      await repo.insertOrder(trx, stored);
      await this.app.ledger.post(trx, {
        type: 'spot',
        reference: `spot-order:${id}`,
        memo: {
          kind: 'spot-hold',
          symbol: request.symbol,
          order: Number(id),
          side: request.side,
        },
        postings: holdPosting,
      });
      placedId = Number(id);
      return { orderId: placedId };
    });
    // Another id than the one just placed: the key had placed it before (or a twin request won).
    if (id !== placedId || !stored) return this.orderNow(id);
    void notifyBalances(this.app, request.userId, request.book, [
      { wallet: 'coin', currency: hold.currency },
    ]);

    // 2. Match.
    const seq = this.nextSeq();
    const command = this.engineOrder(seq, request, order, hold.amount, engine, rules);
    let executed: Awaited<ReturnType<SpotExchange['execute']>>;
    try {
      executed = await this.execute(
        request.book,
        request.symbol,
        (out) => engine.place(command, out),
        { seq, row: stored },
      );
    } catch (error) {
      // Held but not matched (the settlement failed and the book was rebuilt without it): its
      // hold goes back now; if this process may no longer write, the next owner's start does it.
      const row = await repo.findOrder(this.app.db, id);
      if (row && row.seq === null && (row.phase === 'open' || row.phase === 'partial'))
        await this.releaseStranded(row).catch((failure: unknown) =>
          this.app.log.warn(
            { err: failure, order: id },
            'stranded spot order left for the next start',
          ),
        );
      throw error;
    }
    const { events, settled } = executed;
    if (events.some((e) => e.type === 'rejected' && e.id === seq))
      throw new DomainError('noLiquidity');
    // The settlement wrote the order's row as it now stands.
    const row =
      settled?.orders.find((o) => Number(o.id) === id) ?? (await repo.findOrder(this.app.db, id));
    if (!row) throw new DomainError('notFound');
    return stateOf(row);
  }

  /** An order as it now stands (a keyed retry's answer). */
  private async orderNow(id: number): Promise<OrderState> {
    const row = await repo.findOrder(this.app.db, id);
    if (!row) throw new DomainError('notFound');
    return stateOf(row);
  }

  async cancel(userId: number, orderId: number, side: SpotSide): Promise<OrderState> {
    const row = await repo.findOrder(this.app.db, orderId);
    if (!row || Number(row.user_id) !== userId || row.side !== side)
      throw new DomainError('notFound');
    if ((row.phase !== 'open' && row.phase !== 'partial') || row.seq === null) {
      throw new DomainError('orderNotOpen');
    }
    const book = row.book as Book;
    const engine = this.book(book, row.symbol);
    const seq = Number(row.seq);
    let found = false;
    await this.execute(book, row.symbol, (out) => {
      found = engine.cancel(seq, out);
    });
    // Not in the book: it filled a moment ago and its settlement is on its way.
    if (!found) throw new DomainError('orderNotOpen');
    const after = await repo.findOrder(this.app.db, orderId);
    return stateOf(after ?? row);
  }

  /**
   * Runs one engine command and settles what it did. Synchronous up to the settlement's queueing,
   * so engine order is commit order. Public for the market maker.
   */
  async execute(
    book: Book,
    symbol: string,
    command: (out: SpotEvent[]) => void,
    placed?: Placed,
  ): Promise<{ events: SpotEvent[]; settled: Settled | null }> {
    const out: SpotEvent[] = [];
    command(out);
    const counts = this.engineEvents[book];
    for (const e of out) counts[e.type] += 1;
    const key = `${book}|${symbol}`;
    this.dirtyDepth.add(key);
    // The market maker's orders are not stored: their own events need no settling, only trades.
    // Which of these events' orders are its own is taken now, before its `done`s forget them (the
    // settlement asks later, queued behind others). Only these few ids: a copy of every order it
    // has resting cost more than the rest of an order's placing.
    let mm: Set<number> | undefined;
    for (const e of out) {
      if (e.type === 'trade' || !this.marketMakerOrders.has(e.id)) continue;
      (mm ??= new Set()).add(e.id);
      if (e.type === 'done') this.marketMakerOrders.delete(e.id);
    }
    const ours = (id: number) => mm?.has(id) ?? false;
    const needsSettling = out.some(
      (e) =>
        e.type === 'trade' ||
        ((e.type === 'done' || e.type === 'rejected' || e.type === 'rested') && !ours(e.id)),
    );
    if (!needsSettling) return { events: out, settled: null };
    const rules = this.rulesOf(symbol);
    const now = this.app.clock.now();
    try {
      const settled = await this.app.writer.runInOrder(async (trx: Trx) => {
        await this.fence(trx);
        return settle(this.app, trx, {
          book,
          rules,
          events: out,
          nextId: () => this.nextTradeId(),
          now,
          marketMaker: ours,
          placed,
        });
      });
      this.announce(book, symbol, settled);
      return { events: out, settled };
    } catch (error) {
      // The engine did what the database did not keep: the book is read back from the database.
      // A fenced-out settlement (the lease lapsed or went) is expected, not an error.
      if (error instanceof StaleLeaseError)
        this.app.log.warn({ book, symbol }, 'spot settlement fenced out: rebuilding the book');
      else
        this.app.log.error(
          { err: error, book, symbol },
          'spot settlement failed: rebuilding the book',
        );
      await this.rebuild({ book, symbol });
      throw error;
    }
  }

  /** The book's depth, best first; market data, so an unknown pair is notFound. */
  depth(book: Book, symbol: string, levels: number): Depth {
    if (!this.rules.has(symbol)) throw new DomainError('notFound');
    const { bids, asks } = this.book(book, symbol).depth(levels);
    const level = ([price, quantity]: [number, number]): [string, string] => [
      formatMoney(BigInt(price)),
      formatMoney(BigInt(quantity)),
    ];
    return {
      symbol,
      bids: bids.map(level),
      asks: asks.map(level),
      source: 'engine',
      time: this.app.clock.now(),
    };
  }

  /** Latest trades of a book, newest first. */
  trades(book: Book, symbol: string, limit: number): Trade[] {
    if (!this.rules.has(symbol)) throw new DomainError('notFound');
    return (this.recent.get(`${book}|${symbol}`) ?? []).slice(0, limit);
  }

  /** Remembers a market maker's order id until its `done`, so its events need no settling. */
  markMarketMaker(id: number): void {
    this.marketMakerOrders.add(id);
  }

  /** Quote a market buy of `quantity` costs against the book now, plus a margin; noLiquidity if it cannot fill at all. */
  private marketBuyCost(engine: SpotBook, quantity: bigint | undefined): bigint {
    if (quantity === undefined) return 0n;
    let left = quantity;
    let cost = 0n;
    for (const [price, available] of engine.depth(1_000).asks) {
      const take = left < BigInt(available) ? left : BigInt(available);
      cost += (BigInt(price) * take + 99_999_999n) / 100_000_000n;
      left -= take;
      if (left === 0n) break;
    }
    if (cost === 0n) throw new DomainError('noLiquidity');
    return cost + (cost * MARKET_BUY_MARGIN_BPS) / 10_000n;
  }

  /**
   * The order as the engine takes it, in JavaScript numbers: exact, since the contract bounds every
   * price, quantity and amount at MAX_AMOUNT, below 2^53 units.
   */
  private engineOrder(
    id: number,
    request: PlaceRequest,
    order: OrderRequest,
    held: bigint,
    engine: SpotBook,
    rules: ProductRules,
  ): EngineOrder {
    const owner = request.userId;
    if (order.type === SPOT_ORDER_TYPE.limit) {
      return {
        id,
        owner,
        side: request.side,
        type: 'limit',
        price: Number(order.price),
        quantity: Number(order.quantity),
      };
    }
    if (order.quoteAmount !== undefined) {
      // Whole lots only: what is too little for the smallest step stays in the balance.
      return {
        id,
        owner,
        side: 'buy',
        type: 'market',
        quoteAmount: Number(order.quoteAmount),
        lot: Number(rules.minQuantity),
      };
    }
    // A market buy by quantity never buys more than its hold pays for at the book as it is now
    // (0 when nothing: the engine refuses it and the hold goes back).
    const quantity =
      request.side === 'buy'
        ? affordableQuantity(engine, rules, order.quantity ?? 0n, held)
        : (order.quantity ?? 0n);
    return { id, owner, side: request.side, type: 'market', quantity: Number(quantity) };
  }

  /** After a settlement commits: the users' order and balance events, the public trades. */
  private announce(book: Book, symbol: string, settled: Settled): void {
    for (const row of settled.orders) {
      const event: OrderEvent = {
        event: 'order',
        mode: book,
        orderId: Number(row.id),
        symbol: row.symbol,
        side: row.side as SpotSide,
        phase: row.phase as SpotOrderPhase,
        filled: formatMoney(row.filled),
      };
      this.app.bus.publish(userChannel(Number(row.user_id)), event);
    }
    for (const [userId, currencies] of settled.wallets) {
      void notifyBalances(
        this.app,
        userId,
        book,
        [...currencies].map((currency) => ({ wallet: 'coin' as const, currency })),
      );
    }
    if (settled.trades.length === 0) return;
    const fresh: Trade[] = settled.trades
      .map((t) => ({
        price: formatMoney(t.price),
        quantity: formatMoney(t.quantity),
        side: t.takerSide,
        time: t.time,
        source: 'engine' as const,
      }))
      .reverse();
    const key = `${book}|${symbol}`;
    const list = [...fresh, ...(this.recent.get(key) ?? [])].slice(0, RECENT_TRADES);
    this.recent.set(key, list);
    this.app.bus.publish(channels.trades(symbol, book), fresh);
  }

  private publishDepth(): void {
    for (const key of this.dirtyDepth) {
      const [book, symbol] = key.split('|') as [Book, string];
      this.app.bus.publish(channels.depth(symbol, book), this.depth(book, symbol, 20));
    }
    this.dirtyDepth.clear();
  }
}

/** The largest lot-rounded quantity (up to `wanted`) that `budget` pays for at the current asks. */
function affordableQuantity(
  engine: SpotBook,
  rules: ProductRules,
  wanted: bigint,
  budget: bigint,
): bigint {
  const lot = rules.minQuantity;
  let left = budget;
  let bought = 0n;
  for (const [priceNumber, availableNumber] of engine.depth(1_000).asks) {
    const price = BigInt(priceNumber);
    const room = wanted - bought;
    if (room <= 0n) break;
    const available = BigInt(availableNumber) < room ? BigInt(availableNumber) : room;
    const payable = ((left * 100_000_000n) / price / lot) * lot;
    const take = payable < available ? payable : available;
    bought += take;
    left -= (price * take + 99_999_999n) / 100_000_000n;
    if (take < available) break;
  }
  return bought;
}
