import type { LeveragePosition } from '@tidemark/contract';
import { cleanup, render } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PositionItem } from './position-item';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: {} } } });
});
afterEach(cleanup);

const open: LeveragePosition = {
  id: 7,
  symbol: 'ETH/USDT',
  direction: 'short',
  lots: 1,
  lotPrice: '100',
  multiple: 2,
  margin: '100',
  entryPrice: '2000',
  liquidationPrice: '2500',
  takeProfit: '1800',
  stopLoss: null,
  openFee: '0.2',
  status: 'open',
  openTime: 0,
  positionValue: '200',
  topUp: '0',
  openFeeRate: '0.001',
  closeFeeRate: '0.001',
  maintenanceRate: '0.5',
  maintenance: '50',
  protection: true,
  mode: 'demo',
  entry: { price: '2000', time: 0, feedSeq: 1 },
  exit: null,
  exitPrice: null,
  closeTime: null,
  closeFee: null,
  pnl: '0',
  markPrice: '2000',
  equity: '100',
  closedBy: null,
  payout: null,
  gapCovered: null,
};

const cell = (field: string) =>
  document.querySelector(`.lever-item [data-field="${field}"] .num`)?.textContent;

function show(position: LeveragePosition, price?: string) {
  render(<PositionItem position={position} price={price} pricePlaces={2} />, {
    wrapper: MemoryRouter,
  });
}

describe('a position in a list', () => {
  it('marks an open short at the live price: a rise is a loss', () => {
    show(open, '2100');
    expect(cell('mark')).toBe('2,100.00');
    // 200 x (2000 - 2100) / 2000 = -10.
    expect(cell('pnl')).toBe('-10.00');
    expect(cell('equity')).toBe('90.00 USDT');
    expect(cell('liquidation')).toBe('2,500.00');
    expect(cell('take-profit')).toBe('1,800.00');
    expect(cell('stop-loss')).toBe('--');
    expect(document.querySelector('.lever-item')?.getAttribute('href')).toBe(
      '/pages/lever/details?id=7',
    );
  });

  it('cuts a loss to the cent like every other amount of the app', () => {
    // 200 x (2000 - 2001.077) / 2000 = -0.1077: cut as the app cuts every amount (ui/amount-format),
    // so that one stored value never shows two ways on one page (equity and payout alike).
    show(open, '2001.077');
    expect(cell('pnl')).toBe('-0.10');
    expect(cell('margin')).toBe('100.00 USDT');
    expect(cell('equity')).toBe('99.89 USDT');
  });

  it("falls back to the server's mark before the first ticker frame", () => {
    show({ ...open, markPrice: '1900' });
    expect(cell('pnl')).toBe('+10.00');
  });

  it('shows a closed position with its exit, realised P&L, payout and how it closed', () => {
    show({
      ...open,
      status: 'closed',
      exitPrice: '2490',
      pnl: '-49',
      payout: '50.8',
      closedBy: 'liquidation',
      markPrice: null,
    });
    expect(cell('exit')).toBe('2,490.00');
    expect(cell('pnl')).toBe('-49.00');
    // Both fees (0.2 opening, none closing here) and the net: 50.8 back - 100 held - 0.2.
    expect(cell('fees')).toBe('0.20 USDT');
    expect(cell('net')).toBe('-49.40');
    expect(cell('payout')).toBe('50.80 USDT');
    expect(cell('mark')).toBeUndefined();
    expect(document.querySelector('.lever-item__status')?.textContent).toBe(
      'lever.closedBy.liquidation',
    );
  });

  it('shows a gap the insurance fund covered: nothing back, the cover stated, never a negative', () => {
    show({
      ...open,
      status: 'closed',
      exitPrice: '3100',
      pnl: '-110',
      equity: '-10.04843495',
      closeFee: '0',
      payout: '-10.04843495',
      gapCovered: '10.04843495',
      closedBy: 'liquidation',
      markPrice: null,
    });
    expect(cell('payout')).toBe('0.00 USDT');
    expect(cell('gap')).toBe('10.04 USDT');
    expect(cell('net')).toBe('-100.20');
    expect(cell('owed')).toBeUndefined();
  });
});
