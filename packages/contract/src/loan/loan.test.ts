import { describe, expect, it } from 'vitest';
import { parseMoney } from '../money';
import {
  amountOwed,
  creditLimit,
  creditScoreOf,
  CREDIT_WEIGHTS,
  dailyPenalty,
  LOAN_DAY_MS,
  loanInterest,
  MAX_CREDIT_SCORE,
  overdueDays,
  validLoanRates,
  type CreditInputs,
} from './loan.rules';
import { insertLoanCurrencyOrder } from './loan.calls';
import { setLoanProduct } from './loan.console';

const m = parseMoney;

const none: CreditInputs = {
  verifyLevel: 0,
  accountAgeDays: 0,
  depositsUsdt: 0n,
  volumeUsdt: 0n,
  repaidOnTime: 0,
  repaidLate: 0,
  overdueNow: 0,
};

describe('interest', () => {
  it('is amount x daily rate x days, exact', () => {
    expect(loanInterest(m('500'), m('0.001'), 7)).toBe(m('3.5'));
    expect(loanInterest(m('1000'), m('0.0006'), 30)).toBe(m('18'));
  });
  it('rounds a fraction of a unit down, in the trader favour', () => {
    // 0.00000001 x 0.5 x 1 = half a unit.
    expect(loanInterest(1n, m('0.5'), 1)).toBe(0n);
    expect(loanInterest(3n, m('0.5'), 1)).toBe(1n);
  });
});

describe('overdue penalties', () => {
  const due = 1_700_000_000_000;
  it('begin on the due time: day n at due + (n-1) days', () => {
    expect(overdueDays(due, due - 1)).toBe(0);
    expect(overdueDays(due, due)).toBe(1);
    expect(overdueDays(due, due + LOAN_DAY_MS - 1)).toBe(1);
    expect(overdueDays(due, due + LOAN_DAY_MS)).toBe(2);
    expect(overdueDays(due, due + 10 * LOAN_DAY_MS + 5)).toBe(11);
  });
  it('are overdue rate x (principal + interest) a day, never compounded', () => {
    const perDay = dailyPenalty(m('1007'), m('0.005'));
    expect(perDay).toBe(m('5.035'));
    expect(amountOwed(m('1007'), perDay * 3n)).toBe(m('1022.105'));
  });
});

describe('credit score', () => {
  it('weights add up to 100 % of the maximum', () => {
    expect(Object.values(CREDIT_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
    const full = creditScoreOf({
      verifyLevel: 2,
      accountAgeDays: 400,
      depositsUsdt: m('20000'),
      volumeUsdt: m('60000'),
      repaidOnTime: 3,
      repaidLate: 0,
      overdueNow: 0,
    });
    expect(full.score).toBe(MAX_CREDIT_SCORE);
  });
  it('gives each component its documented points', () => {
    const s = creditScoreOf({
      verifyLevel: 1,
      accountAgeDays: 73,
      depositsUsdt: m('500'),
      volumeUsdt: m('12500'),
      repaidOnTime: 1,
      repaidLate: 0,
      overdueNow: 0,
    });
    expect(s.components.map((c) => [c.name, c.points])).toEqual([
      ['verification', 120],
      ['accountAge', 30],
      ['deposits', 12],
      ['tradingVolume', 50],
      ['repayment', 150],
    ]);
    expect(s.score).toBe(362);
  });
  it('no history is neutral; late repayment costs, an overdue loan takes every repayment point', () => {
    expect(creditScoreOf(none).score).toBe(100);
    expect(creditScoreOf({ ...none, repaidLate: 1 }).score).toBe(0);
    expect(creditScoreOf({ ...none, repaidOnTime: 5, overdueNow: 1 }).score).toBe(0);
    expect(creditScoreOf({ ...none, repaidOnTime: 9 }).score).toBe(200);
  });
  it('the limit is the best band the score reaches', () => {
    const bands = [
      { currency: 'USDT', maxAmount: m('1000'), minScore: 200 },
      { currency: 'USDT', maxAmount: m('5000'), minScore: 400 },
      { currency: 'BTC', maxAmount: m('1'), minScore: 0 },
    ];
    expect(creditLimit(199, bands, 'USDT')).toBe(0n);
    expect(creditLimit(200, bands, 'USDT')).toBe(m('1000'));
    expect(creditLimit(450, bands, 'USDT')).toBe(m('5000'));
  });
});

describe('terms the trader saw and sane product terms', () => {
  it('takes the shown terms as optional fields of an application', () => {
    const shape = insertLoanCurrencyOrder.input.shape;
    expect(shape.cycleDays.safeParse(undefined).success).toBe(true);
    expect(shape.cycleDays.safeParse('7').data).toBe(7);
    expect(shape.dailyRate.safeParse('0.00100000').success).toBe(true);
    expect(shape.overdueRate.safeParse('half').success).toBe(false);
  });

  it('bounds the rates: daily above 0 and below 1, overdue from 0 to below 1', () => {
    expect(validLoanRates(m('0.001'), m('0'))).toBe(true);
    expect(validLoanRates(m('0'), m('0.005'))).toBe(false);
    expect(validLoanRates(m('1'), m('0.005'))).toBe(false);
    expect(validLoanRates(m('0.001'), m('1'))).toBe(false);
    const terms = setLoanProduct.input.shape;
    const code = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
    expect(code(terms.dailyRate.safeParse('2'))).toBe('loanRateInvalid');
    expect(code(terms.dailyRate.safeParse('0'))).toBe('loanRateInvalid');
    expect(code(terms.overdueRate.safeParse('5'))).toBe('loanRateInvalid');
    expect(terms.overdueRate.safeParse('0').success).toBe(true);
    expect(terms.dailyRate.safeParse('0.0006').success).toBe(true);
  });
});
