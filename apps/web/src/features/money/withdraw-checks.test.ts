import type { WithdrawTerms } from '@tidemark/contract';
import { describe, expect, it } from 'vitest';
import {
  FIX_ROUTES,
  fixOf,
  maxWithdrawable,
  overBalance,
  underMinimum,
  totalWithFee,
  withdrawRefusal,
} from './withdraw-checks';

const terms = (over: Partial<WithdrawTerms> = {}): WithdrawTerms => ({
  currency: 'USDT',
  chain: 'TRC20',
  withdrawEnabled: true,
  fee: '1.00000000',
  minimum: '10.00000000',
  decimals: 6,
  available: '100.00000000',
  frozen: '0.00000000',
  volumeThreshold: '1000.00000000',
  volume: '1500.00000000',
  volumeMet: true,
  payPasswordSet: true,
  primaryVerified: true,
  verifyLevel: 1,
  walletBound: true,
  withdrawFrozen: false,
  estimatedMinutes: 30,
  chains: [],
  ...over,
});

const draft = (amount: string, walletId: number | null = 7) => ({ walletId, amount });

describe('the checks of a withdrawal, in the order SPEC.md section 5 gives', () => {
  it('lets a good request through to the pay password', () => {
    expect(withdrawRefusal(terms(), draft('50'))).toBeNull();
    expect(withdrawRefusal(terms(), draft('99'))).toBeNull();
  });

  it('asks for a bound address first, leading to the page that binds one', () => {
    const everythingWrong = terms({
      walletBound: false,
      primaryVerified: false,
      payPasswordSet: false,
      volumeMet: false,
    });
    expect(withdrawRefusal(everythingWrong, draft(''))).toEqual({
      key: 'walletNotBound',
      fix: 'wallet',
    });
    expect(withdrawRefusal(terms(), draft('50', null))).toMatchObject({ key: 'walletNotBound' });
  });

  it('then primary verification, then the pay password, then the volume threshold', () => {
    expect(
      withdrawRefusal(terms({ primaryVerified: false, payPasswordSet: false }), draft('50')),
    ).toEqual({ key: 'primaryVerificationRequired', fix: 'verify' });
    expect(
      withdrawRefusal(terms({ payPasswordSet: false, volumeMet: false }), draft('50')),
    ).toEqual({ key: 'noPayPassword', fix: 'payPassword' });
    expect(
      withdrawRefusal(terms({ volumeMet: false, volume: '250.50999999' }), draft('50')),
    ).toEqual({
      key: 'volumeThreshold',
      params: { required: '1,000.00', current: '250.50' },
      fix: 'trade',
    });
    // Spot trading is what counts toward the threshold: the fix leads to the trade page.
    expect(FIX_ROUTES.trade).toBe('/pages/trade/index');
  });

  it('refuses a frozen account before anything else, a suspended chain after the threshold', () => {
    expect(
      withdrawRefusal(terms({ withdrawFrozen: true, walletBound: false }), draft('50')),
    ).toEqual({
      key: 'withdrawFrozen',
    });
    expect(withdrawRefusal(terms({ withdrawEnabled: false }), draft('50'))).toEqual({
      key: 'withdrawSuspended',
    });
    expect(
      withdrawRefusal(terms({ withdrawEnabled: false, volumeMet: false }), draft('50')),
    ).toMatchObject({ key: 'volumeThreshold' });
  });

  it('then checks the amount: entered, above zero, places, minimum, fee within balance', () => {
    expect(withdrawRefusal(terms(), draft(''))).toEqual({ key: 'requiredItems' });
    expect(withdrawRefusal(terms(), draft('0'))).toEqual({ key: 'incorrectAmount' });
    expect(withdrawRefusal(terms(), draft('0.'))).toEqual({ key: 'incorrectAmount' });
    expect(withdrawRefusal(terms(), draft('12.1234567'))).toEqual({
      key: 'amountPrecision',
      params: { places: 6 },
    });
    expect(withdrawRefusal(terms(), draft('9.99'))).toEqual({
      key: 'withdrawBelowMinimum',
      params: { min: '10.00', currency: 'USDT' },
    });
    // 99.5 + 1 fee > 100 available.
    expect(withdrawRefusal(terms(), draft('99.5'))).toEqual({ key: 'insufficientBalance' });
  });
});

describe('the warning shown as the amount is typed', () => {
  it('warns once the amount plus the fee is more than the balance, not before', () => {
    expect(overBalance(terms(), '99')).toBe(false);
    expect(overBalance(terms(), '99.00000001')).toBe(true);
    expect(overBalance(terms(), '250')).toBe(true);
  });

  it('warns while the amount is under the minimum, from the first digit', () => {
    expect(underMinimum(terms(), '1')).toBe(true);
    expect(underMinimum(terms(), '9.99999999')).toBe(true);
    expect(underMinimum(terms(), '10')).toBe(false);
    expect(underMinimum(terms(), '10,5')).toBe(false);
  });

  it('says nothing while there is no amount to judge', () => {
    for (const typed of ['', ' ', '0', '.', 'abc']) {
      expect(overBalance(terms(), typed)).toBe(false);
      expect(underMinimum(terms(), typed)).toBe(false);
    }
    expect(overBalance(terms({ available: '0.50000000' }), '')).toBe(false);
  });
});

describe('withdrawal figures', () => {
  it('"all" leaves room for the fee and keeps the chain’s places, never rounding up', () => {
    expect(maxWithdrawable('100.00000000', '1.00000000', 6)).toBe('99.000000');
    expect(maxWithdrawable('10.12345678', '0.5', 2)).toBe('9.62');
    expect(maxWithdrawable('0.50000000', '1.00000000', 6)).toBe('0');
  });

  it('adds the fee to what is sent, exactly', () => {
    expect(totalWithFee('0.1', '0.2')).toBe('0.30000000');
    expect(totalWithFee('12.', '1')).toBe('13.00000000');
    expect(totalWithFee('', '1')).toBeNull();
    expect(totalWithFee('0', '1')).toBeNull();
  });

  it('knows which server refusals have a page that fixes them', () => {
    expect(fixOf('walletNotBound')).toBe('wallet');
    expect(fixOf('primaryVerificationRequired')).toBe('verify');
    expect(fixOf('noPayPassword')).toBe('payPassword');
    expect(fixOf('payPasswordWrong')).toBeUndefined();
  });
});
