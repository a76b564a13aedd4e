import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { previewPosition } from '../leverage-form';
import { LeverConfirmSheet, type PendingPosition } from './lever-confirm-sheet';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: {} } } });
});
afterEach(cleanup);

const terms = {
  lotPrice: '100',
  openFeeRate: '0.001',
  closeFeeRate: '0.001',
  maintenanceRate: '0.5',
};

function show(direction: 'long' | 'short', protection = true) {
  const result = previewPosition({
    direction,
    lots: '3',
    multiple: 2,
    allowed: [1, 2],
    price: '60000',
    terms,
    takeProfit: direction === 'long' ? '66000' : '',
    stopLoss: '',
  });
  if (!result.ok) throw new Error(result.error);
  const pending: PendingPosition = {
    symbol: 'BTC/USDT',
    direction,
    preview: result.preview,
    pricePlaces: 2,
    openFeeRate: terms.openFeeRate,
    closeFeeRate: terms.closeFeeRate,
    maintenanceRate: terms.maintenanceRate,
    protection,
  };
  const handlers = { onConfirm: vi.fn(), onClose: vi.fn() };
  render(<LeverConfirmSheet position={pending} busy={false} {...handlers} />, {
    wrapper: MemoryRouter,
  });
  return handlers;
}

const value = (field: string) =>
  document.querySelector(`.lever-confirm [data-field="${field}"] dd`)?.textContent;

describe('the position confirmation sheet', () => {
  it('states every figure before a long is opened', () => {
    show('long');
    expect(value('lots')).toBe('3');
    expect(value('multiple')).toBe('2×');
    expect(value('lot-price')).toBe('100.00 USDT');
    expect(value('margin')).toBe('300.00 USDT');
    expect(value('value')).toBe('600.00 USDT');
    expect(value('open-fee')).toBe('0.60 USDT');
    expect(value('close-fee')).toBe('0.60 USDT');
    expect(value('required')).toBe('300.60 USDT');
    expect(value('entry')).toBe('60,000.00');
    // Equity 300 falls to 150 after a loss of 150 = 25 % of 600: 60000 x 0.75.
    expect(value('liquidation')).toBe('45,000.00');
    expect(value('take-profit')).toBe('66,000.00');
    expect(value('stop-loss')).toBe('--');
    expect(document.querySelector('.lever-sheet__note')?.textContent).toContain(
      'lever.confirm.protectionOn',
    );
  });

  it('puts a short liquidation above the entry and says when protection is off', () => {
    show('short', false);
    expect(value('liquidation')).toBe('75,000.00');
    expect(document.querySelector('.lever-sheet__note')?.textContent).toContain(
      'lever.confirm.protectionOff',
    );
  });

  it('opens on confirm and closes on cancel', () => {
    const handlers = show('long');
    fireEvent.click(screen.getByText('lever.trade.open.long'));
    expect(handlers.onConfirm).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByText('common.cancel'));
    expect(handlers.onClose).toHaveBeenCalledOnce();
  });
});
