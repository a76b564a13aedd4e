import type { OrderDraft } from './order-math';

/** A limit buy by quantity with nothing typed yet, and what a test sets on it. */
export const draft = (over: Partial<OrderDraft> = {}): OrderDraft => ({
  side: 'buy',
  type: 1,
  price: '',
  quantity: '',
  amount: '',
  by: 'quantity',
  ...over,
});

/** The market around a draft: BTC/USDT at 95000, a 20 USDT spread, 0.1 % maker and 0.2 % taker. */
export const sheetContext = {
  lastPrice: '95000.00',
  bestBid: '94990.00',
  bestAsk: '95010.00',
  makerFeeRate: '0.00100000',
  takerFeeRate: '0.00200000',
  quantityPlaces: 5,
};
