import type { SpotBook } from './order-book';
import type {
  LimitOrder,
  MarketBuyByQuote,
  MarketOrder,
  Side,
  SpotEvent,
  SpotOrder,
  TradeEvent,
} from './types';

// Test helpers for the SpotBook unit tests (not a test file itself).

/** Whole units to 1e-8 units, so tests read in prices and quantities a trader would write. */
export const u = (whole: number): number => Math.round(whole * 1e8);

let nextId = 1;
/** Ids only ever increase, across every book the tests build. */
export const newId = (): number => nextId++;

export const limit = (side: Side, price: number, quantity: number, owner = 1): LimitOrder => ({
  type: 'limit',
  id: newId(),
  owner,
  side,
  price: u(price),
  quantity: u(quantity),
});
export const market = (side: Side, quantity: number, owner = 9): MarketOrder => ({
  type: 'market',
  id: newId(),
  owner,
  side,
  quantity: u(quantity),
});
export const buyFor = (quoteAmount: number, owner = 9): MarketBuyByQuote => ({
  type: 'market',
  id: newId(),
  owner,
  side: 'buy',
  quoteAmount,
});

export function place(book: SpotBook, order: SpotOrder): SpotEvent[] {
  const out: SpotEvent[] = [];
  book.place(order, out);
  return out;
}
export const trades = (events: SpotEvent[]) =>
  events.filter((e): e is TradeEvent => e.type === 'trade');
export const last = (events: SpotEvent[]) => events[events.length - 1];
