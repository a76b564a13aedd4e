import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderFigures, type OrderDraft } from '../order-math';
import { sheetContext as context, draft } from '../order-math.test-kit';
import { OrderConfirmSheet } from './order-confirm-sheet';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: {} } } });
});
afterEach(cleanup);

function show(order: OrderDraft, handlers = { onConfirm: vi.fn(), onClose: vi.fn() }) {
  render(
    <OrderConfirmSheet
      order={{ draft: order, figures: orderFigures(order, context) }}
      symbol="BTC/USDT"
      base="BTC"
      quote="USDT"
      pricePlaces={2}
      quantityPlaces={5}
      busy={false}
      {...handlers}
    />,
    { wrapper: MemoryRouter },
  );
  return handlers;
}

const value = (field: string) =>
  document.querySelector(`.order-sheet [data-field="${field}"] dd`)?.textContent;

describe('the order confirmation sheet', () => {
  it('shows a resting limit sell with its maker fee in USDT and what it fetches', () => {
    show(draft({ side: 'sell', price: '96000', quantity: '0.5' }));
    expect(value('pair')).toBe('BTC/USDT');
    expect(value('price')).toBe('96,000.00 USDT');
    expect(value('quantity')).toBe('0.50000 BTC');
    expect(value('total')).toBe('48,000.00 USDT');
    expect(value('fee')).toBe('48.00 USDT');
    expect(value('role')).toBe('spot.confirm.roles.maker');
    expect(value('receive')).toBe('47,952.00 USDT');
    expect(document.querySelector('.order-sheet__estimate')).toBeNull();
    expect(document.querySelector('[data-field="total"] dt')?.textContent).toBe(
      'spot.confirm.total',
    );
  });

  it('marks what a market buy by amount only estimates, not the USDT it spends', () => {
    show(draft({ type: 2, amount: '50', by: 'amount' }));
    expect(value('total')).toBe('50.00 USDT');
    expect(value('quantity')).toBe('≈ 0.00052 BTC');
    expect(value('fee')).toBe('≈ 0.00000104 BTC');
    expect(value('receive')).toBe('≈ 0.00051896 BTC');
    expect(value('role')).toBe('spot.confirm.roles.taker');
    expect(document.querySelector('.order-sheet__estimate')).not.toBeNull();
    // It spends at most the amount: less than one step of the coin's worth stays in the balance.
    expect(document.querySelector('[data-field="total"] dt')?.textContent).toBe(
      'spot.confirm.payUpTo',
    );
    expect(document.querySelector('[data-field="leftover"]')?.textContent).toBe(
      'spot.confirm.leftover',
    );
  });

  it('confirms or cancels', () => {
    const handlers = show(draft({ price: '90000', quantity: '0.01' }));
    fireEvent.click(screen.getByText('common.cancel'));
    expect(handlers.onClose).toHaveBeenCalled();
    fireEvent.click(document.querySelector('.order-sheet__confirm')!);
    expect(handlers.onConfirm).toHaveBeenLastCalledWith(false);
    // "Don't ask again", ticked, goes with the confirmation.
    fireEvent.click(screen.getByText('spot.confirm.dontAsk'));
    fireEvent.click(document.querySelector('.order-sheet__confirm')!);
    expect(handlers.onConfirm).toHaveBeenLastCalledWith(true);
  });
});
