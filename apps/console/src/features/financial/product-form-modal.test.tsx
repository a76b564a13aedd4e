import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ConsoleMoneyProduct } from '@tidemark/contract';
import consoleEn from '@tidemark/i18n/locales/console/en.json';
import { ConfigProvider } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ProductFormModal, valuesOf } from './product-form-modal';
import { inEnglish } from '../../ui/test-i18n';

beforeAll(inEnglish);

afterEach(cleanup);

const texts = consoleEn.console.financial;
const field = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

const product = (id: number, name: string, days: number, maxAmount: string) =>
  ({
    id,
    tier: 'premium',
    name,
    days,
    dailyRate: '0.00040000',
    minAmount: '1000.00000000',
    maxAmount,
    capacity: '10000000.00000000',
    dividendTime: '00:00',
    timeZone: 'UTC',
    penaltyRate: '0.00500000',
    lock: false,
    enabled: true,
    saleStart: null,
    saleEnd: null,
  }) as unknown as ConsoleMoneyProduct;

/** The page's way of using the dialog: one instance, opened for one package or another. */
function dialog(target: ConsoleMoneyProduct | 'new' | null) {
  return (
    <ConfigProvider theme={{ token: { motion: false } }}>
      <ProductFormModal
        open={target !== null}
        title="terms"
        initial={valuesOf(target === 'new' ? null : target)}
        pending={false}
        onSubmit={() => undefined}
        onClose={() => undefined}
      />
    </ConfigProvider>
  );
}

describe('ProductFormModal', () => {
  it('shows the terms of the package it is opened for, whatever was open before', () => {
    const growth = product(2, 'USDT Growth 30D', 30, '50000.00000000');
    const premium = product(3, 'USDT Premium 90D', 90, '200000.00000000');
    const view = render(dialog('new'));
    expect(field(texts.name)).toBe('');
    // Cancelled: the page sets its target to null, then opens another package.
    view.rerender(dialog(null));
    view.rerender(dialog(premium));
    expect(field(texts.name)).toBe('USDT Premium 90D');
    expect(field(texts.days)).toBe('90');
    view.rerender(dialog(null));
    view.rerender(dialog(growth));
    expect(field(texts.name)).toBe('USDT Growth 30D');
    expect(field(texts.maxAmount)).toBe('50000');
    // A new package after an edit starts empty, not as a copy of the package edited.
    view.rerender(dialog(null));
    view.rerender(dialog('new'));
    expect(field(texts.name)).toBe('');
    expect(field(texts.days)).toBe('7');
    // Four openings of a form with every time zone in a select: slow in jsdom on a busy machine.
  }, 20_000);

  it('names the field when the capacity is below what is sold or the maximum above the capacity', async () => {
    const submitted = vi.fn();
    render(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <ProductFormModal
          open
          title="terms"
          initial={valuesOf(product(3, 'USDT Premium 90D', 90, '200000.00000000'))}
          sold="250000.00000000"
          pending={false}
          onSubmit={submitted}
          onClose={() => undefined}
        />
      </ConfigProvider>,
    );
    fireEvent.change(screen.getByLabelText(texts.capacity), { target: { value: '150000' } });
    fireEvent.click(screen.getByRole('button', { name: consoleEn.console.common.save }));
    expect(
      await screen.findByText(
        'Managed funds (capacity): cannot be below what is already sold (250,000 USDT)',
      ),
    ).toBeTruthy();
    expect(
      await screen.findByText('Maximum per order: cannot be above the capacity (150,000 USDT)'),
    ).toBeTruthy();
    await waitFor(() => expect(submitted).not.toHaveBeenCalled());
  });
});
