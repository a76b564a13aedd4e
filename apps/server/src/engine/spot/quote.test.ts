import { divMoney, mulMoney } from '@tidemark/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { affordable, budgetOf, quoteOf } from './quote';

const units = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });

describe('quote arithmetic', () => {
  it('quoteOf is the platform money helper rounding down, exactly, beyond 2^53', () => {
    fc.assert(
      fc.property(units, units, (price, quantity) => {
        expect(quoteOf(price, quantity)).toBe(mulMoney(BigInt(price), BigInt(quantity), 'down'));
      }),
    );
  });

  it('fills of one order never quote more than the whole order at its price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 15 }),
        fc.array(fc.integer({ min: 1, max: 10 ** 9 }), { minLength: 1, maxLength: 20 }),
        (price, parts) => {
          const total = parts.reduce((a, b) => a + b, 0);
          const sum = parts.reduce((s, q) => s + quoteOf(price, q), 0n);
          expect(sum).toBeLessThanOrEqual(quoteOf(price, total));
        },
      ),
    );
  });

  it('affordable is the largest quantity whose exact cost fits the budget, capped', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 15 }),
        fc.integer({ min: 1, max: 10 ** 15 }),
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        (amount, price, cap) => {
          const q = affordable(budgetOf(amount), BigInt(price), cap);
          const most = divMoney(BigInt(amount), BigInt(price), 'down');
          expect(BigInt(q)).toBe(most < BigInt(cap) ? most : BigInt(cap));
          expect(BigInt(price) * BigInt(q)).toBeLessThanOrEqual(budgetOf(amount));
        },
      ),
    );
  });
});
