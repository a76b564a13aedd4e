import type { ChannelData, LeveragePosition } from '@tidemark/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LeverageCloseNotice, systemClosed } from './close-notice';

const handlers = new Map<string, (data: unknown) => void>();
vi.mock('../../../api/use-channel', () => ({
  useChannel: (channel: string | null, handler: (data: unknown) => void) => {
    if (channel) handlers.set(channel, handler);
  },
}));
vi.mock('../../../api/session', () => ({
  useSession: (pick: (s: { token: string }) => unknown) => pick({ token: 't' }),
}));

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    interpolation: { escapeValue: false },
    resources: {
      en: {
        translation: {
          lever: {
            directions: { long: 'Long', short: 'Short' },
            closedBy: { liquidation: 'Liquidated', takeProfit: 'Take-profit hit' },
            details: {
              closedNotice: '{{symbol}} {{direction}} closed: {{reason}}.',
              closedResult: 'Net result {{net}}, back to the wallet {{back}}.',
              closedCovered: 'Insurance fund covered {{amount}}.',
            },
          },
          common: { close: 'Close' },
        },
      },
    },
  });
});
afterEach(() => {
  cleanup();
  handlers.clear();
});

const liquidated: LeveragePosition = {
  id: 9,
  symbol: 'SOL/USDT',
  direction: 'long',
  lots: 1,
  lotPrice: '100',
  multiple: 5,
  margin: '100',
  entryPrice: '200',
  liquidationPrice: '190',
  takeProfit: null,
  stopLoss: null,
  openFee: '0.5',
  status: 'closed',
  openTime: 0,
  positionValue: '500',
  topUp: '0',
  openFeeRate: '0.001',
  closeFeeRate: '0.001',
  maintenanceRate: '0.5',
  maintenance: '50',
  protection: true,
  mode: 'demo',
  entry: { price: '200', time: 0, feedSeq: 1 },
  exit: { price: '150', time: 1, feedSeq: 2 },
  exitPrice: '150',
  closeTime: 1,
  closeFee: '0',
  pnl: '-125',
  markPrice: null,
  equity: '-25',
  closedBy: 'liquidation',
  payout: '-25',
  gapCovered: '25',
};

const frame = (position: LeveragePosition): ChannelData['user'] => ({
  event: 'leverage.closed',
  mode: position.mode,
  position,
});

describe('the notice of a position the server closed', () => {
  it('answers only take-profit, stop-loss and liquidation closes', () => {
    expect(systemClosed(frame(liquidated))?.id).toBe(9);
    expect(systemClosed(frame({ ...liquidated, closedBy: 'user' }))).toBeNull();
    expect(
      systemClosed({ event: 'leverage.opened', mode: 'demo', position: liquidated }),
    ).toBeNull();
  });

  it('says which position closed, why, and its result with the fund cover', () => {
    vi.useFakeTimers();
    render(<LeverageCloseNotice />, { wrapper: MemoryRouter });
    act(() => handlers.get('user')?.(frame({ ...liquidated, closedBy: 'user' })));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => handlers.get('user')?.(frame(liquidated)));
    expect(screen.getByRole('status').textContent).toBe(
      'SOL/USDT Long closed: Liquidated. Net result -100.50 USDT, back to the wallet 0.00 USDT. ' +
        'Insurance fund covered 25.00 USDT.×',
    );
    expect(screen.getByRole('link').getAttribute('href')).toBe('/pages/lever/details?id=9');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => handlers.get('user')?.(frame({ ...liquidated, id: 10, closedBy: 'takeProfit' })));
    expect(screen.getAllByRole('status')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByRole('status')).toBeNull();
    vi.useRealTimers();
  });
});
