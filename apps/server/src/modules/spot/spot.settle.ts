import { formatMoney, type SpotSide } from '@tidemark/contract';
import type { Trx } from '../../db/database';
import type { AppContext } from '../../http/context';
import { systemAccount, userAccount, type AccountKey, type Book } from '../../ledger/accounts';
import type { Posting } from '../../ledger/ledger';
import type { SpotEvent, TradeEvent } from '../../engine/spot';
import * as repo from './spot.repository';
import { feeOn, type ProductRules } from './spot.rules';
import type { SpotOrderRow, SpotOrderTable } from './spot.table';

/** The market maker trades as owner 0: it has no order rows and pays no fees. */
export const MARKET_MAKER = 0;

/** What a settlement changed, for the events sent after its commit. */
export interface Settled {
  /** Users whose coin wallet changed, with the currencies. */
  wallets: Map<number, Set<string>>;
  /** User orders whose state changed. */
  orders: SpotOrderRow[];
  /** Trades, oldest first. */
  trades: { price: bigint; quantity: bigint; quote: bigint; takerSide: SpotSide; time: number }[];
}

interface Context {
  app: AppContext;
  trx: Trx;
  book: Book;
  rules: ProductRules;
  now: number;
  nextId: () => bigint;
  rows: Map<number, SpotOrderRow>;
  settled: Settled;
}

/** The order a command placed: its engine sequence and its row as its placing unit stored it. */
export interface Placed {
  seq: number;
  row: SpotOrderTable;
}

/** A user order by its engine id (its arrival sequence). */
async function orderRow(ctx: Context, seq: number): Promise<SpotOrderRow | undefined> {
  let row = ctx.rows.get(seq);
  if (!row) {
    row = await repo.findOrderBySeq(ctx.trx, seq);
    if (row) ctx.rows.set(seq, row);
  }
  return row;
}

function touched(ctx: Context, userId: number, ...currencies: string[]): void {
  let set = ctx.settled.wallets.get(userId);
  if (!set) ctx.settled.wallets.set(userId, (set = new Set()));
  for (const c of currencies) set.add(c);
}

/**
 * One fill in the ledger: the buyer pays the quote (from its hold, or the market maker's
 * inventory), the seller delivers the base; each receives what it bought less its fee (maker or
 * taker rate), which goes to the fee account.
 */
async function settleTrade(ctx: Context, trade: TradeEvent): Promise<void> {
  const { rules, book } = ctx;
  const quote = trade.quote;
  const quantity = BigInt(trade.quantity);
  const takerBuys = trade.takerSide === 'buy';
  const buyer = takerBuys
    ? { owner: trade.takerOwner, id: trade.takerId, maker: false }
    : { owner: trade.makerOwner, id: trade.makerId, maker: true };
  const seller = takerBuys
    ? { owner: trade.makerOwner, id: trade.makerId, maker: true }
    : { owner: trade.takerOwner, id: trade.takerId, maker: false };
  const rate = (side: { owner: number; maker: boolean }) =>
    side.owner === MARKET_MAKER ? 0n : side.maker ? rules.makerFeeRate : rules.takerFeeRate;
  const buyerFee = feeOn(quantity, rate(buyer));
  const sellerFee = feeOn(quote, rate(seller));
  const mm = (currency: string) => systemAccount(book, 'market_maker', currency);

  const postings: Posting[] = [
    {
      account:
        buyer.owner === MARKET_MAKER
          ? mm(rules.quote)
          : userAccount(buyer.owner, book, 'coin_hold', rules.quote),
      amount: -quote,
    },
    {
      account:
        seller.owner === MARKET_MAKER
          ? mm(rules.quote)
          : userAccount(seller.owner, book, 'coin', rules.quote),
      amount: quote - sellerFee,
    },
    { account: systemAccount(book, 'fees', rules.quote), amount: sellerFee },
    {
      account:
        seller.owner === MARKET_MAKER
          ? mm(rules.base)
          : userAccount(seller.owner, book, 'coin_hold', rules.base),
      amount: -quantity,
    },
    {
      account:
        buyer.owner === MARKET_MAKER
          ? mm(rules.base)
          : userAccount(buyer.owner, book, 'coin', rules.base),
      amount: quantity - buyerFee,
    },
    { account: systemAccount(book, 'fees', rules.base), amount: buyerFee },
  ].filter((p) => p.amount !== 0n);

  const buyerRow = buyer.owner === MARKET_MAKER ? undefined : await orderRow(ctx, buyer.id);
  const sellerRow = seller.owner === MARKET_MAKER ? undefined : await orderRow(ctx, seller.id);
  const orderId = (row: SpotOrderRow | undefined) => row?.id ?? 0n;
  const tradeId = ctx.nextId();
  await ctx.app.ledger.post(ctx.trx, {
    type: 'spot',
    reference: `spot-trade:${tradeId}`,
    memo: {
      kind: 'spot-fill',
      symbol: rules.symbol,
      price: formatMoney(BigInt(trade.price)),
      quantity: formatMoney(quantity),
      buy: { order: Number(orderId(buyerRow)), fee: formatMoney(buyerFee) },
      sell: { order: Number(orderId(sellerRow)), fee: formatMoney(sellerFee) },
    },
    postings,
  });
  await repo.insertTrades(ctx.trx, [
    {
      id: tradeId,
      book,
      symbol: rules.symbol,
      price: BigInt(trade.price),
      quantity,
      quote,
      taker_side: trade.takerSide,
      maker_order_id: orderId(takerBuys ? sellerRow : buyerRow),
      taker_order_id: orderId(takerBuys ? buyerRow : sellerRow),
      maker_owner: BigInt(trade.makerOwner),
      taker_owner: BigInt(trade.takerOwner),
      maker_fee: trade.takerSide === 'buy' ? sellerFee : buyerFee,
      taker_fee: trade.takerSide === 'buy' ? buyerFee : sellerFee,
      created_at: BigInt(ctx.now),
    },
  ]);
  ctx.settled.trades.push({
    price: BigInt(trade.price),
    quantity,
    quote,
    takerSide: trade.takerSide,
    time: ctx.now,
  });

  for (const [side, row, fee, spent] of [
    [buyer, buyerRow, buyerFee, quote],
    [seller, sellerRow, sellerFee, quantity],
  ] as const) {
    if (!row) continue;
    row.filled += quantity;
    row.filled_quote += quote;
    row.fee += fee;
    row.held -= spent;
    row.phase = 'partial';
    touched(ctx, side.owner, rules.base, rules.quote);
  }
}

/**
 * Gives what an order still holds back to its coin wallet: the release of a cancelled (or never
 * matched) order, or the unused rest of a filled one. The reference is the order's id, as its
 * hold's is.
 */
export function releaseHold(
  app: AppContext,
  trx: Trx,
  row: SpotOrderRow,
  kind: 'spot-release' | 'spot-rest',
): Promise<unknown> {
  const userId = Number(row.user_id);
  const book = row.book as Book;
  return app.ledger.post(trx, {
    type: 'spot',
    reference: `spot-order:${row.id}`,
    memo: { kind, symbol: row.symbol, order: Number(row.id), side: row.side as SpotSide },
    postings: [
      { account: userAccount(userId, book, 'coin_hold', row.held_currency), amount: -row.held },
      { account: userAccount(userId, book, 'coin', row.held_currency), amount: row.held },
    ],
  });
}

/**
 * The end of a user order: what its hold still has goes back to the coin wallet, as the unused
 * rest of a filled order or as the release of a cancelled one.
 */
async function settleDone(ctx: Context, id: number, phase: 'filled' | 'cancelled'): Promise<void> {
  const row = await orderRow(ctx, id);
  if (!row) return;
  if (row.held > 0n) {
    await releaseHold(ctx.app, ctx.trx, row, phase === 'filled' ? 'spot-rest' : 'spot-release');
    touched(ctx, Number(row.user_id), row.held_currency);
    row.held = 0n;
  }
  // A market buy sent to the engine for less than it asked (all the book had, or all its hold
  // paid for) is done when that is filled; for its user the rest was not: cancelled, partly filled.
  const short = row.quantity !== null && row.filled < row.quantity;
  row.phase = phase === 'filled' && short ? 'cancelled' : phase;
}

/** Every account the settlement of these events may post to (a few more do no harm). */
async function accountsTouched(
  ctx: Context,
  events: readonly SpotEvent[],
  marketMaker: (seq: number) => boolean,
): Promise<AccountKey[]> {
  const { book, rules } = ctx;
  const keys: AccountKey[] = [];
  const owners = new Set<number>();
  for (const event of events) {
    if (event.type === 'trade') {
      owners.add(event.makerOwner).add(event.takerOwner);
    } else if ((event.type === 'done' || event.type === 'rejected') && !marketMaker(event.id)) {
      const row = await orderRow(ctx, event.id);
      if (row) owners.add(Number(row.user_id));
    }
  }
  if (owners.size === 0) return keys;
  for (const currency of [rules.base, rules.quote]) {
    keys.push(systemAccount(book, 'fees', currency));
    for (const owner of owners) {
      if (owner === MARKET_MAKER) keys.push(systemAccount(book, 'market_maker', currency));
      else
        keys.push(
          userAccount(owner, book, 'coin', currency),
          userAccount(owner, book, 'coin_hold', currency),
        );
    }
  }
  return keys;
}

/**
 * Writes what the engine did, inside one unit of the group committer: trades in the ledger and in
 * spot_trades, order rows, hold releases. It reads the order rows it needs in the transaction, so
 * earlier units of the same commit are seen, and it keeps nothing in memory: if the commit has to
 * be retried, the unit is simply run again.
 */
export async function settle(
  app: AppContext,
  trx: Trx,
  params: {
    book: Book;
    rules: ProductRules;
    events: readonly SpotEvent[];
    nextId: () => bigint;
    now: number;
    /** The market maker's orders: not stored, nothing to update. */
    marketMaker: (seq: number) => boolean;
    /** The order this command placed: its row gets its engine sequence now. */
    placed?: Placed | undefined;
  },
): Promise<Settled> {
  const ctx: Context = {
    app,
    trx,
    book: params.book,
    rules: params.rules,
    now: params.now,
    nextId: params.nextId,
    rows: new Map(),
    settled: { wallets: new Map(), orders: [], trades: [] },
  };
  if (params.placed) {
    // Stored by its placing unit, which committed before the engine saw the order: nothing has
    // changed the row since, so it is taken as stored rather than read again. A copy: should this
    // settlement run again (its commit failed), it starts from the row as stored.
    const row = { ...params.placed.row, seq: BigInt(params.placed.seq) };
    ctx.rows.set(params.placed.seq, row);
  }
  await app.ledger.lock(trx, await accountsTouched(ctx, params.events, params.marketMaker));
  for (const event of params.events) {
    if (event.type !== 'trade' && params.marketMaker(event.id)) continue;
    if (event.type === 'trade') await settleTrade(ctx, event);
    else if (event.type === 'done')
      await settleDone(ctx, event.id, event.reason === 'filled' ? 'filled' : 'cancelled');
    else if (event.type === 'rejected') await settleDone(ctx, event.id, 'cancelled');
    else if (event.type === 'rested') {
      const row = await orderRow(ctx, event.id);
      if (row && row.filled === 0n) row.phase = 'open';
    }
  }
  for (const row of ctx.rows.values()) {
    row.updated_at = BigInt(params.now);
    await repo.updateOrder(trx, Number(row.id), {
      filled: row.filled,
      filled_quote: row.filled_quote,
      fee: row.fee,
      held: row.held,
      phase: row.phase,
      seq: row.seq,
      updated_at: row.updated_at,
    });
    ctx.settled.orders.push(row);
  }
  return ctx.settled;
}
