import { describe, expect, it } from 'vitest';
import {
  formatRate,
  orderFigures,
  orderTotal,
  percentFill,
  priceForInput,
  toInput,
} from './order-math';
import { draft, sheetContext } from './order-math.test-kit';

const context = { available: '100000.00000000', lastPrice: '95000.00', quantityPlaces: 5 };

describe('order form arithmetic', () => {
  it('shows units as an input would, cut to the places and without trailing zeros', () => {
    expect(toInput(5_250_000n, 5)).toBe('0.0525');
    expect(toInput(123_456_789n, 2)).toBe('1.23');
    expect(toInput(100_000_000_000n, 0)).toBe('1000');
    expect(priceForInput('64250.56789', 2)).toBe('64250.56');
    expect(priceForInput('98263.7', 2)).toBe('98263.70');
    expect(priceForInput('0.16', 5)).toBe('0.16000');
    expect(priceForInput('not a price', 2)).toBe('');
  });

  it('shows fee rates as percentages', () => {
    expect(formatRate('0.00100000')).toBe('0.1%');
    expect(formatRate('0.00075')).toBe('0.075%');
    expect(formatRate('0')).toBe('0%');
  });

  it('fills a limit buy with the share of USDT divided by the form price, rounded down', () => {
    expect(percentFill(draft({ price: '60000' }), 25, context)).toEqual({
      field: 'quantity',
      value: '0.41666',
    });
    expect(percentFill(draft({ price: '60000' }), 100, context)?.value).toBe('1.66666');
    // No price typed yet: nothing to divide by.
    expect(percentFill(draft(), 50, context)).toBeNull();
  });

  it('fills a market buy at the last price, or as the USDT to spend', () => {
    expect(percentFill(draft({ type: 2 }), 50, context)?.value).toBe('0.52631');
    expect(percentFill(draft({ type: 2, by: 'amount' }), 75, context)).toEqual({
      field: 'amount',
      value: '75000',
    });
    expect(
      percentFill(draft({ type: 2, by: 'amount' }), 50, { ...context, available: '0.03' }),
    ).toEqual({ field: 'amount', value: '0.01' });
  });

  it('fills a sell with the share of the coin, at the quantity precision', () => {
    const coins = { ...context, available: '0.12345678' };
    expect(percentFill(draft({ side: 'sell' }), 100, coins)?.value).toBe('0.12345');
    expect(percentFill(draft({ side: 'sell' }), 50, coins)?.value).toBe('0.06172');
    expect(percentFill(draft({ side: 'sell' }), 25, { ...coins, quantityPlaces: 0 })?.value).toBe(
      '0',
    );
  });

  it('totals price x quantity exactly, and estimates market orders at the last price', () => {
    expect(orderTotal(draft({ price: '64250.5', quantity: '0.003' }), undefined)).toEqual({
      units: 19_275_150_000n,
      estimated: false,
    });
    expect(orderTotal(draft({ type: 2, quantity: '0.5' }), '95000')).toEqual({
      units: 4_750_000_000_000n,
      estimated: true,
    });
    expect(orderTotal(draft({ type: 2, by: 'amount', amount: '250.' }), '95000')).toEqual({
      units: 25_000_000_000n,
      estimated: false,
    });
    expect(orderTotal(draft({ price: '100' }), undefined)).toBeNull();
  });

  it('rounds a buy’s total up and a sell’s down, as the confirmation sheet does', () => {
    // 0.33333333 x 0.5 = 0.166666665: a buy pays 0.16666667, a sell fetches 0.16666666.
    const order = { price: '0.33333333', quantity: '0.5' };
    expect(orderTotal(draft(order), undefined)?.units).toBe(16_666_667n);
    expect(orderTotal(draft({ ...order, side: 'sell' }), undefined)?.units).toBe(16_666_666n);
    expect(orderFigures(draft({ ...order, side: 'sell' }), sheetContext).total).toBe(16_666_666n);
  });
});
