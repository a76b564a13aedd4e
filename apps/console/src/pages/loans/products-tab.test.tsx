import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import consoleEn from '@tidemark/i18n/locales/console/en.json';
import en from '@tidemark/i18n/locales/en.json';
import { ConfigProvider } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { inEnglish } from '../../ui/test-i18n';

const PRODUCT = {
  id: 3,
  currency: 'USDT',
  minAmount: '100.00000000',
  maxAmount: '5000.00000000',
  cycleDays: 7,
  dailyRate: '0.00100000',
  overdueRate: '0.00500000',
  minScore: 600,
  enabled: true,
  updatedAt: 1_764_000_000_000,
};
const added = vi.fn();
const saved = vi.fn();
let allowed = true;
vi.mock('../../features/loans/loans-api', () => ({
  useLoanProducts: () => ({ isLoading: false, data: { list: [PRODUCT] } }),
  useAddLoanProduct: () => ({ mutate: added, isPending: false }),
  useSetLoanProduct: () => ({ mutate: saved, isPending: false }),
}));
vi.mock('../../features/market/market-api', () => ({
  useMarketSources: () => ({
    data: { coins: [{ symbol: 'BTC/USDT' }, { symbol: 'ETH/USDT' }] },
  }),
}));
vi.mock('../../features/session/session-api', () => ({ useCan: () => () => allowed }));

const { ProductsTab } = await import('./products-tab');

beforeAll(inEnglish);
afterEach(() => {
  cleanup();
  added.mockClear();
  saved.mockClear();
  allowed = true;
});

const texts = consoleEn.console.loans;
function show() {
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <ProductsTab />
    </ConfigProvider>,
  );
}
const dialog = () => within(screen.getByRole('dialog'));
const type = (label: string, value: string) =>
  fireEvent.change(dialog().getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(dialog().getByRole('button', { name: texts.save }));

describe('the loan products tab', () => {
  it('adds a product in a currency of the market with the terms typed', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: texts.add }));
    expect(dialog().getByText(texts.currency)).toBeTruthy();
    type(texts.maxAmount, '20000');
    type(texts.dailyRate, '0.002');
    save();
    await waitFor(() => expect(added).toHaveBeenCalledTimes(1));
    expect(added.mock.calls[0]![0]).toEqual({
      currency: 'USDT',
      minAmount: '100',
      maxAmount: '20000',
      cycleDays: 30,
      dailyRate: '0.002',
      overdueRate: '0.005',
      minScore: 0,
      enabled: true,
    });
    expect(saved).not.toHaveBeenCalled();
  });

  it('refuses a new product whose maximum is below its minimum, sending nothing', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: texts.add }));
    type(texts.maxAmount, '50');
    save();
    expect(await screen.findByText(en.errors.loanTermsInvalid)).toBeTruthy();
    expect(added).not.toHaveBeenCalled();
  });

  it('asks for every term it was left without, sending nothing', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: texts.add }));
    type(texts.minAmount, '');
    type(texts.dailyRate, '');
    save();
    await waitFor(() => expect(screen.getAllByText(en.errors.requiredItems)).toHaveLength(2));
    expect(added).not.toHaveBeenCalled();
  });

  it('changes an existing product by its id, its currency as it is', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: texts.edit }));
    expect(dialog().queryByText(texts.currency)).toBeNull();
    type(texts.overdueRate, '0.01');
    save();
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(saved.mock.calls[0]![0]).toMatchObject({ id: 3, overdueRate: '0.01', minScore: 600 });
    expect(saved.mock.calls[0]![0]).not.toHaveProperty('currency');
    expect(added).not.toHaveBeenCalled();
  });

  it('offers no add button to an operator who may not add', () => {
    allowed = false;
    show();
    expect(screen.queryByRole('button', { name: texts.add })).toBeNull();
  });
});
