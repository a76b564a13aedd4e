import { formatMoney, parseMoney } from '@tidemark/contract/rules';
import { describe, expect, it } from 'vitest';
import { orderFigures } from './order-math';
import { sheetContext as context, draft } from './order-math.test-kit';

const shown = (units: bigint | null) => (units === null ? null : formatMoney(units));

describe('the confirmation sheet figures', () => {
  it('charges a resting limit buy the maker rate in the coin it receives', () => {
    const f = orderFigures(draft({ price: '94000', quantity: '0.5' }), context);
    expect(f.role).toBe('maker');
    expect(f.rate).toBe('0.00100000');
    expect(shown(f.total)).toBe('47000.00000000');
    expect(f.feeIn).toBe('base');
    expect(shown(f.fee)).toBe('0.00050000');
    expect(shown(f.receives)).toBe('0.49950000');
    expect(f.estimated).toBe(false);
  });

  it('charges a limit buy at or above the best ask the taker rate', () => {
    const f = orderFigures(draft({ price: '95010', quantity: '0.1' }), context);
    expect(f.role).toBe('taker');
    expect(shown(f.fee)).toBe('0.00020000');
  });

  it('charges a sell its fee in USDT, on the value it fetches, rounded down', () => {
    const crossing = orderFigures(
      draft({ side: 'sell', price: '94990.00', quantity: '0.33333' }),
      context,
    );
    expect(crossing.role).toBe('taker');
    expect(shown(crossing.total)).toBe('31663.01670000');
    expect(crossing.feeIn).toBe('quote');
    expect(shown(crossing.fee)).toBe('63.32603340');
    expect(shown(crossing.receives)).toBe('31599.69066660');
    // 31663.0167 x 0.00075 = 23.747262525: the last half unit is the trader's, not the platform's.
    const odd = orderFigures(draft({ side: 'sell', price: '94990', quantity: '0.33333' }), {
      ...context,
      takerFeeRate: '0.00075',
    });
    expect(shown(odd.fee)).toBe('23.74726252');
    const resting = orderFigures(draft({ side: 'sell', price: '96000', quantity: '1' }), context);
    expect(resting.role).toBe('maker');
    expect(shown(resting.fee)).toBe('96.00000000');
  });

  it('estimates a market buy by amount at the last price, cut to the lot as the server does', () => {
    const f = orderFigures(draft({ type: 2, by: 'amount', amount: '1000' }), context);
    expect(f.role).toBe('taker');
    expect(f.estimated).toBe(true);
    expect(shown(f.total)).toBe('1000.00000000');
    // 1000 / 95000 = 0.0105263..., cut to 5 places.
    expect(shown(f.quantity)).toBe('0.01052000');
    expect(shown(f.fee)).toBe('0.00002104');
    expect(shown(f.receives)).toBe('0.01049896');
  });

  it('estimates a market sell at the last price', () => {
    const f = orderFigures(draft({ side: 'sell', type: 2, quantity: '0.01' }), context);
    expect(shown(f.total)).toBe('950.00000000');
    expect(shown(f.fee)).toBe('1.90000000');
    expect(f.estimated).toBe(true);
  });

  it('assumes the higher rate when the book is not known yet', () => {
    const blind = { ...context, bestBid: undefined, bestAsk: undefined };
    expect(orderFigures(draft({ price: '1', quantity: '1' }), blind).role).toBe('taker');
    const makerDearer = { ...blind, makerFeeRate: '0.003', takerFeeRate: '0.001' };
    expect(orderFigures(draft({ price: '1', quantity: '1' }), makerDearer).rate).toBe('0.003');
  });

  it('leaves what it cannot know empty instead of guessing', () => {
    const f = orderFigures(draft({ type: 2, by: 'amount', amount: '50' }), {
      ...context,
      lastPrice: undefined,
    });
    expect(f.quantity).toBeNull();
    expect(f.fee).toBeNull();
    expect(f.total).toBe(parseMoney('50'));
  });
});
