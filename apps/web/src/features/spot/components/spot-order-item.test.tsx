import { cleanup, fireEvent, render } from '@testing-library/react';
import type { SpotOrder } from '@tidemark/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SpotOrderItem } from './spot-order-item';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: {} } } });
});
afterEach(cleanup);

const order = (over: Partial<SpotOrder> = {}): SpotOrder => ({
  orderId: 7,
  symbol: 'BTC/USDT',
  side: 'buy',
  type: 1,
  price: '60000.00000000',
  quantity: '0.01000000',
  amount: '',
  filled: '0.00400000',
  filledAmount: '240.00000000',
  avgPrice: '60000.00000000',
  fee: '0.00000400',
  feeCurrency: 'BTC',
  status: 'entrusted',
  phase: 'partial',
  mode: 'demo',
  createdAt: Date.UTC(2026, 10, 21, 9, 30),
  updatedAt: Date.UTC(2026, 10, 21, 9, 31),
  ...over,
});

const dateFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC' });
const figure = (key: string) =>
  document.querySelector(`[data-field="${key}"] dd`)?.textContent ?? null;

describe('one spot order', () => {
  it('shows the essentials under the form, with Cancel while it is entrusted', () => {
    const cancel = vi.fn();
    render(
      <SpotOrderItem
        order={order()}
        dateFormat={dateFormat}
        pricePlaces={2}
        quantityPlaces={5}
        onCancel={cancel}
      />,
    );
    expect(figure('price')).toBe('60,000.00');
    expect(figure('quantity')).toBe('0.01000');
    expect(figure('filled')).toBe('0.00400');
    expect(figure('fee')).toBeNull();
    expect(document.querySelector('.phase-chip')?.textContent).toBe('spot.phases.partial');
    fireEvent.click(document.querySelector('.spot-order__cancel')!);
    expect(cancel).toHaveBeenCalledWith(expect.objectContaining({ orderId: 7, side: 'buy' }));
  });

  it('shows everything in the history, and no Cancel once closed', () => {
    render(
      <SpotOrderItem
        order={order({ type: 2, price: '', status: 'closed', phase: 'filled' })}
        dateFormat={dateFormat}
        pricePlaces={2}
        quantityPlaces={5}
        detailed
        onCancel={vi.fn()}
      />,
    );
    expect(figure('price')).toBe('spot.types.market');
    expect(figure('avgPrice')).toBe('60,000.00');
    expect(figure('fee')).toBe('0.00000400 BTC');
    expect(figure('total')).toBe('240.00');
    expect(document.querySelector('.spot-order__cancel')).toBeNull();
    expect(document.querySelector('time')?.textContent).toBe('21/11/2026');
  });
});
