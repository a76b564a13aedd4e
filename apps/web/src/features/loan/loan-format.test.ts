import { describe, expect, it } from 'vitest';
import { applicationProblem } from './loan-format';

const product = { minAmount: '100.00000000', maxAmount: '1000.00000000', minScore: 200 };

describe('applicationProblem', () => {
  it('says an open application or loan first, before anything is typed', () => {
    expect(
      applicationProblem(product, { score: 900, records: [{ status: 'applying' }] }, ''),
    ).toEqual({ kind: 'open' });
    expect(applicationProblem(product, { records: [{ status: 'overdue' }] }, '500')).toEqual({
      kind: 'open',
    });
    expect(applicationProblem(product, { records: [{ status: 'repaid' }] }, '500')).toBeNull();
  });

  it('says a score below the band before the form is filled', () => {
    expect(applicationProblem(product, { score: 150 }, '')).toEqual({
      kind: 'score',
      score: 150,
      min: 200,
    });
    expect(applicationProblem(product, { score: 200 }, '')).toBeNull();
  });

  it('says an amount outside the range as typed, and nothing for an empty field', () => {
    expect(applicationProblem(product, { score: 300 }, '99.99')).toMatchObject({ kind: 'range' });
    expect(applicationProblem(product, { score: 300 }, '1000.01')).toMatchObject({ kind: 'range' });
    expect(applicationProblem(product, { score: 300 }, '100.')).toBeNull();
    expect(applicationProblem(product, { score: 300 }, '')).toBeNull();
    expect(applicationProblem(product, {}, '500')).toBeNull();
  });
});
