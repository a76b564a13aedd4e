import type { WalletBalance } from '@tidemark/contract';
import { describe, expect, it } from 'vitest';
import {
  availableOf,
  defaultDestination,
  destinationOf,
  parseFilter,
  parseWallet,
  transferCurrencies,
  transferLink,
} from './wallets';

const balance = (currency: string, available: string): WalletBalance => ({
  currency,
  available,
  frozen: '0.00000000',
  usdtValue: '0.00000000',
});

describe('wallets', () => {
  it('reads wallets and filters from links, defaulting safely', () => {
    expect(parseWallet('contract')).toBe('contract');
    expect(parseWallet('cft')).toBe('cft');
    expect(parseWallet('bank')).toBe('coin');
    expect(parseWallet(null)).toBe('coin');
    expect(parseFilter('other')).toBe('other');
    expect(parseFilter('spot')).toBe('spot');
    expect(parseFilter('transfer')).toBe('all');
    expect(parseFilter(null)).toBe('all');
  });

  it('sends coin to contract and everything else back to coin', () => {
    expect(defaultDestination('coin')).toBe('contract');
    expect(defaultDestination('contract')).toBe('coin');
    expect(defaultDestination('cft')).toBe('coin');
  });

  it('takes the destination a link names, unless it is the source or no wallet', () => {
    expect(destinationOf('coin', 'cft')).toBe('cft');
    expect(destinationOf('coin', 'contract')).toBe('contract');
    expect(destinationOf('coin', 'coin')).toBe('contract');
    expect(destinationOf('cft', 'spot')).toBe('coin');
    expect(destinationOf('contract', null)).toBe('coin');
  });

  it('links to the transfer page with the destination, asking to come back', () => {
    expect(transferLink('coin', 'cft')).toEqual({
      path: '/pages/assets/Transfer?from=coin&to=cft',
      state: { returnAfter: true },
    });
    expect(transferLink('contract').path).toBe('/pages/assets/Transfer?from=contract');
  });

  it('offers USDT first, then what the wallet holds, once each', () => {
    expect(transferCurrencies([])).toEqual(['USDT']);
    expect(transferCurrencies([balance('BTC', '1'), balance('USDT', '5')])).toEqual([
      'USDT',
      'BTC',
    ]);
  });

  it('reads a currency’s available balance, zero when not held', () => {
    const held = [balance('USDT', '100000.00000000'), balance('BTC', '0.5')];
    expect(availableOf(held, 'USDT')).toBe('100000.00000000');
    expect(availableOf(held, 'ETH')).toBe('0');
  });
});
