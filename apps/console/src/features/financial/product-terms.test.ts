import { describe, expect, it } from 'vitest';
import { soldOf, termsProblems } from './product-terms';

const terms = {
  minAmount: '10',
  maxAmount: '5000',
  capacity: '1000000',
  saleStart: '',
  saleEnd: '',
};

describe('the rules across a package’s terms', () => {
  it('finds nothing wrong with consistent terms', () => {
    expect(termsProblems(terms, '0.00000000')).toEqual({});
    expect(termsProblems({ ...terms, capacity: '5000' }, '5000.00000000')).toEqual({});
  });

  it('refuses a maximum per order above the capacity, at the maximum', () => {
    expect(termsProblems({ ...terms, capacity: '1000' }, '0')).toEqual({
      maxAmount: { key: 'maxAboveCapacity', params: { capacity: '1,000' } },
    });
  });

  it('refuses a capacity below what is already sold, at the capacity, naming the amount', () => {
    expect(
      termsProblems({ ...terms, maxAmount: '100', capacity: '999.5' }, '1000.00000000'),
    ).toEqual({
      capacity: { key: 'capacityBelowSold', params: { sold: '1,000' } },
    });
  });

  it('refuses a minimum above the maximum and a sale that ends before it starts', () => {
    expect(
      termsProblems(
        {
          ...terms,
          minAmount: '6000',
          saleStart: '2026-12-10T10:00',
          saleEnd: '2026-12-09T10:00',
        },
        '0',
      ),
    ).toEqual({
      minAmount: { key: 'minAboveMax' },
      saleEnd: { key: 'saleEndBeforeStart' },
    });
  });

  it('leaves a field with a wrong format to its own rule', () => {
    expect(termsProblems({ ...terms, capacity: 'abc' }, '0')).toEqual({});
  });

  it('takes the fuller book’s open principal as sold', () => {
    expect(soldOf([{ principal: '300.00000000' }, { principal: '1200.50000000' }])).toBe(
      '1200.50000000',
    );
    expect(soldOf([])).toBe('0.00000000');
  });
});
