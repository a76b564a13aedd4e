import { cleanup, render, screen } from '@testing-library/react';
import type { WalletBalance } from '@tidemark/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WalletBalances } from './wallet-balances';

beforeAll(async () => {
  // Keys come back as themselves: the test reads structure and numbers, not wording.
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: {} } } });
});
afterEach(cleanup);

const row = (currency: string, available: string, frozen = '0.00000000'): WalletBalance => ({
  currency,
  available,
  frozen,
  usdtValue: available,
});

const currencies = () =>
  [...document.querySelectorAll('.wallet-balance')].map((li) => li.getAttribute('data-currency'));

describe('a wallet’s balances', () => {
  it('shows each currency with available, frozen and USDT value', () => {
    render(
      <WalletBalances
        balances={[row('USDT', '99749.50000000'), row('BTC', '0.12345678', '0.00100000')]}
        hidden={false}
        hideZero={false}
      />,
    );
    expect(currencies()).toEqual(['USDT', 'BTC']);
    const btc = document.querySelector('[data-currency="BTC"]')!;
    expect(btc.querySelector('[data-field="available"]')?.textContent).toBe('0.12345678');
    expect(btc.querySelector('[data-field="frozen"]')?.textContent).toBe('0.00100000');
    expect(
      document.querySelector('[data-currency="USDT"] [data-field="usdtValue"]')?.textContent,
    ).toBe('99,749.50');
  });

  it('hides zero balances on request, and every amount behind the eye', () => {
    render(
      <WalletBalances
        balances={[row('USDT', '0.00000000'), row('BTC', '0', '0.5')]}
        hidden
        hideZero
      />,
    );
    expect(currencies()).toEqual(['BTC']);
    expect(screen.queryByText('0.50')).toBeNull();
    expect(screen.getAllByText('****')).toHaveLength(3);
  });

  it('shows the empty placeholder for a wallet of nothing but zeros', () => {
    render(
      <WalletBalances balances={[row('USDT', '0.00000000')]} hidden={false} hideZero={false} />,
    );
    expect(currencies()).toEqual([]);
    expect(screen.getByText('assets.emptyWallet')).toBeTruthy();
  });
});
