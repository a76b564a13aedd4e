import en from '@tidemark/i18n/locales/en.json';
import { describe, expect, it } from 'vitest';
import { checkOrder, type OrderLimits } from './order-checks';
import type { OrderDraft } from './order-math';

const draft = (over: Partial<OrderDraft> = {}): OrderDraft => ({
  side: 'buy',
  type: 1,
  price: '60000',
  quantity: '0.5',
  amount: '',
  by: 'quantity',
  ...over,
});

const limits: OrderLimits = {
  symbol: 'BTC/USDT',
  availableQuote: '100000.00000000',
  availableBase: '0.25000000',
  lastPrice: '95000.00',
  tradingOpen: true,
  minNotional: '5.00000000',
};

/** The text the user would read for a draft. */
const text = (d: OrderDraft, l: OrderLimits = limits) => {
  const result = checkOrder(d, l);
  if (result.ok) return 'ok';
  return Object.entries(result.params ?? {}).reduce(
    (message, [name, value]) => message.replace(`{{${name}}}`, value),
    en.errors[result.error] as string,
  );
};

describe('order checks in the order of SPEC.md section 5', () => {
  it('asks for the required items first', () => {
    expect(text(draft({ price: '' }))).toBe('Please confirm the required items');
    expect(text(draft({ quantity: '' }))).toBe('Please confirm the required items');
    expect(text(draft({ type: 2, by: 'amount' }))).toBe('Please confirm the required items');
    // Empty wins over everything after it, a closed pair and no balance included.
    expect(
      text(draft({ quantity: '' }), { ...limits, tradingOpen: false, availableQuote: '0' }),
    ).toBe('Please confirm the required items');
  });

  it('wants a quantity above 0, then a price or amount above 0', () => {
    expect(text(draft({ quantity: '0' }))).toBe('Quantity must be greater than 0');
    expect(text(draft({ quantity: '0.', price: '0' }))).toBe('Quantity must be greater than 0');
    expect(text(draft({ price: '0.00' }))).toBe('Please enter the correct amount');
    expect(text(draft({ type: 2, by: 'amount', amount: '0' }))).toBe(
      'Please enter the correct amount',
    );
  });

  it('refuses more than the available balance, compared exactly', () => {
    // 60,000 x 1.66667 = 100,000.2 USDT
    expect(text(draft({ quantity: '1.66667' }))).toBe(
      'Insufficient balance, please recharge first',
    );
    expect(text(draft({ price: '100000', quantity: '1' }))).toBe('ok');
    expect(text(draft({ type: 2, by: 'amount', amount: '100000.01' }))).toBe(
      'Insufficient balance, please recharge first',
    );
    expect(text(draft({ type: 2, quantity: '1.1' }))).toBe(
      'Insufficient balance, please recharge first',
    );
    // A sell short of the coin names the coin instead of asking for a USDT recharge.
    expect(text(draft({ side: 'sell', quantity: '0.25000001' }))).toBe(
      'Not enough BTC available to sell',
    );
    expect(text(draft({ side: 'sell', quantity: '0.25' }))).toBe('ok');
  });

  it('refuses an order worth less than the minimum before the sheet, as the server would', () => {
    const below = 'The order value is below the minimum of 5.00 USDT';
    // 60,000 x 0.00008 = 4.80 USDT; 0.0001 = 6.00.
    expect(text(draft({ quantity: '0.00008' }))).toBe(below);
    expect(text(draft({ quantity: '0.0001' }))).toBe('ok');
    expect(text(draft({ type: 2, by: 'amount', amount: '4.99' }))).toBe(below);
    expect(text(draft({ type: 2, by: 'amount', amount: '5' }))).toBe('ok');
    // A market order is valued at the last price: 95,000 x 0.00005 = 4.75.
    expect(text(draft({ side: 'sell', type: 2, quantity: '0.00005' }))).toBe(below);
    // No last price yet: the server decides.
    expect(text(draft({ type: 2, quantity: '0.00005' }), { ...limits, lastPrice: undefined })).toBe(
      'ok',
    );
    // The minimum comes before the balance, as on the server.
    expect(text(draft({ quantity: '0.00008' }), { ...limits, availableQuote: '0' })).toBe(below);
  });

  it('refuses a pair closed for trading last', () => {
    expect(text(draft(), { ...limits, tradingOpen: false })).toBe(
      'This currency is not open for trading, please reselect',
    );
  });

  it('answers what to send: a limit with its price, a market buy by quantity or by amount', () => {
    expect(checkOrder(draft({ price: '60000.', quantity: '0.5' }), limits)).toEqual({
      ok: true,
      input: { symbol: 'BTC/USDT', type: 1, price: '60000', quantity: '0.5' },
    });
    expect(checkOrder(draft({ type: 2, quantity: '0.01' }), limits)).toEqual({
      ok: true,
      input: { symbol: 'BTC/USDT', type: 2, quantity: '0.01' },
    });
    expect(
      checkOrder(draft({ type: 2, by: 'amount', amount: '250', quantity: '9' }), limits),
    ).toEqual({
      ok: true,
      input: { symbol: 'BTC/USDT', type: 2, amount: '250' },
    });
    // "by amount" is for market buys only: a market sell still sends its quantity.
    expect(
      checkOrder(draft({ side: 'sell', type: 2, by: 'amount', quantity: '0.1' }), limits),
    ).toEqual({
      ok: true,
      input: { symbol: 'BTC/USDT', type: 2, quantity: '0.1' },
    });
  });
});
