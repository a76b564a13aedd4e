import { parseMoney, QUOTE_CURRENCY } from '@tidemark/contract';
import type { SpotOrder as EngineOrder } from '../../engine/spot';
import type { AppContext } from '../../http/context';
import { systemAccount, type Book } from '../../ledger/accounts';
import { systemBalances } from '../../ledger/queries';
import { Random } from '../../market/random';
import { suspended } from '../market/market.open';
import { quoteLadder } from './market-maker.ladder';
import { INVENTORY_REFERENCE } from './market-maker.report';
import type { SpotExchange } from './spot.exchange';
import { quantityFor, type ProductRules } from './spot.rules';
import { MARKET_MAKER } from './spot.settle';

const REFRESH_MS = 500;
const BOOKS: readonly Book[] = ['real', 'demo'];
/** Inventory per coin worth this many ladders; refilled from the treasury below half of it. */
const LADDERS_OF_INVENTORY = 20n;
/** The ladders' own random stream, apart from the feed's (which uses small stream numbers). */
const LADDER_STREAM = 101;

interface Quotes {
  reference: bigint;
  ids: number[];
}

/**
 * The built-in market maker (DESIGN.md section 3): a system account with an inventory that quotes
 * layered bids and asks around the feed price, so the books are never empty and a market order
 * fills near the feed price. Its ladder looks like a real book: unevenly spaced levels, small at
 * the touch and growing away from it (market-maker.ladder.ts). When the price moves by half a
 * layer step it pulls its quotes and places a fresh ladder, sized so it never offers more than it
 * holds. Its inventory comes from
 * the treasury (a ledger transfer, never created from nothing), and its quotes are not stored: a
 * restart quotes afresh.
 */
export class MarketMaker {
  private readonly quotes = new Map<string, Quotes>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private readonly config: AppContext['config']['spot']['marketMaker'];

  constructor(
    private readonly app: AppContext,
    private readonly exchange: SpotExchange,
  ) {
    this.config = app.config.spot.marketMaker;
  }

  async start(): Promise<void> {
    await this.refreshAll();
    this.timer = setInterval(() => void this.refreshAll(), REFRESH_MS);
    this.timer.unref();
  }

  /** Stops quoting; the books it quoted in are let go with it, so a next start quotes afresh. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.quotes.clear();
  }

  private async refreshAll(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const symbols = this.exchange.symbols();
      for (const book of BOOKS) {
        for (const [pair, symbol] of symbols.entries()) await this.refresh(book, symbol, pair);
      }
    } catch (error) {
      this.app.log.error({ err: error }, 'market maker refresh failed');
    } finally {
      this.running = false;
    }
  }

  /** `pair` is the symbol's place among the exchange's pairs, for its ladders' random stream. */
  private async refresh(book: Book, symbol: string, pair: number): Promise<void> {
    const key = `${book}|${symbol}`;
    const current = this.quotes.get(key);
    if (suspended(this.app, symbol)) {
      // A blind market (issue 17): the last price may be far from the market's, so the quotes go
      // until the sources return; the next refresh after that quotes a fresh ladder.
      if (current) await this.pull(book, symbol, key, current);
      return;
    }
    const reference = this.app.market.lastPrice(symbol);
    if (reference === undefined) return;
    const rules = this.exchange.rulesOf(symbol);
    const stepUnits = (reference * BigInt(this.config.stepBps)) / 20_000n;
    if (
      current &&
      abs(reference - current.reference) < stepUnits &&
      current.ids.every((id) => this.exchange.marketMakerOrders.has(id))
    )
      return;

    const engine = this.exchange.book(book, symbol);
    const inventory = await this.inventory(book, rules, reference);
    // A fresh draw for every ladder, from the feed's seed, the pair, the book and the price: the
    // same run quotes the same book, and no two ladders look alike.
    const random = new Random(
      this.app.config.market.seed,
      LADDER_STREAM,
      pair,
      BOOKS.indexOf(book),
      Number(reference),
    );
    const ladder = quoteLadder(rules, reference, inventory, this.config, random);
    const ids: number[] = [];
    const orders: EngineOrder[] = ladder.map((q) => {
      const id = this.exchange.nextSeq();
      ids.push(id);
      this.exchange.markMarketMaker(id);
      return {
        type: 'limit',
        id,
        owner: MARKET_MAKER,
        side: q.side,
        price: Number(q.price),
        quantity: Number(q.quantity),
      };
    });
    this.quotes.set(key, { reference, ids });
    // One engine command: the old ladder goes and the new one comes at once, so the book is never
    // empty in between.
    await this.exchange.execute(book, symbol, (out) => {
      for (const id of current?.ids ?? []) engine.cancel(id, out);
      for (const order of orders) engine.place(order, out);
    });
  }

  /** Cancels a ladder (what of it still rests); the pair has no quotes of the market maker's. */
  private async pull(book: Book, symbol: string, key: string, current: Quotes): Promise<void> {
    this.quotes.delete(key);
    const engine = this.exchange.book(book, symbol);
    await this.exchange.execute(book, symbol, (out) => {
      for (const id of current.ids) engine.cancel(id, out);
    });
  }

  /**
   * What the market maker holds of the pair, read after every settlement queued before it, and
   * topped up from the treasury when it has fallen below half its target.
   */
  private async inventory(
    book: Book,
    rules: ProductRules,
    reference: bigint,
  ): Promise<{ base: bigint; quote: bigint }> {
    const ladderQuote = parseMoney(this.config.layerUsdt) * BigInt(this.config.layers);
    const targets = {
      [rules.base]: quantityFor(rules, ladderQuote * LADDERS_OF_INVENTORY, reference),
      // Quote inventory is shared by every pair: enough for all of them.
      [QUOTE_CURRENCY]: ladderQuote * LADDERS_OF_INVENTORY * BigInt(this.exchange.symbols().length),
    };
    // In order with the settlements, so every fill already matched is in the balances read.
    return this.app.writer.runInOrder(async (trx) => {
      await this.exchange.fence(trx);
      const balances = await systemBalances(trx, book, 'market_maker');
      for (const [currency, target] of Object.entries(targets)) {
        const held = balances.get(currency) ?? 0n;
        if (held * 2n >= target) continue;
        await this.app.ledger.post(trx, {
          type: 'adjustment',
          reference: INVENTORY_REFERENCE,
          postings: [
            { account: systemAccount(book, 'treasury', currency), amount: held - target },
            { account: systemAccount(book, 'market_maker', currency), amount: target - held },
          ],
        });
        balances.set(currency, target);
      }
      return { base: balances.get(rules.base) ?? 0n, quote: balances.get(rules.quote) ?? 0n };
    });
  }
}

const abs = (v: bigint) => (v < 0n ? -v : v);
