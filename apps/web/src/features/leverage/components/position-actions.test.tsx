import type { LeveragePosition } from '@tidemark/contract';
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

const saved = vi.fn((_call: { input: unknown; idempotencyKey: string }) => Promise.resolve({}));
const toasts = vi.fn();
vi.mock('../api/leverage-mutations', () => ({
  useAddMargin: () => ({ mutateAsync: vi.fn() }),
  useClosePosition: () => ({ mutateAsync: vi.fn() }),
  useUpdateTpSl: () => ({ mutateAsync: saved }),
}));
vi.mock('../../../ui/toast', () => ({ showToast: toasts }));

const { PositionActions } = await import('./position-actions');

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: {} } } });
});
afterEach(() => {
  cleanup();
  saved.mockClear();
  toasts.mockClear();
});

// A short opened at 2000 whose last event marked it at 2000; the market has since fallen.
const short = {
  id: 7,
  symbol: 'ETH/USDT',
  direction: 'short',
  entryPrice: '2000',
  markPrice: '2000',
  takeProfit: null,
  stopLoss: null,
  topUp: '0',
  liquidationPrice: '2500',
} as unknown as LeveragePosition;

function setTakeProfit(price: string | undefined, takeProfit: string) {
  render(<PositionActions position={short} price={price} pricePlaces={2} related={[]} />, {
    wrapper: MemoryRouter,
  });
  fireEvent.click(document.querySelector('.lever-action--tpsl')!);
  const input = document.querySelector<HTMLInputElement>('input[name="take-profit"]')!;
  fireEvent.change(input, { target: { value: takeProfit } });
  fireEvent.click(document.querySelector('.lever-tpsl-sheet .lever-sheet__confirm')!);
}

describe("a position's take-profit and stop-loss sheet", () => {
  it('refuses a take-profit the live price has already passed, though the last event had not', async () => {
    // A short's take-profit at 1900 with the price at 1850: it would fire at once.
    setTakeProfit('1850', '1900');
    await waitFor(() =>
      expect(toasts).toHaveBeenCalledWith('lever.errors.takeProfitPassed', 'fail'),
    );
    expect(saved).not.toHaveBeenCalled();
  });

  it('sends a take-profit still ahead of the live price', async () => {
    setTakeProfit('1950', '1900');
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(saved.mock.calls[0]![0]).toMatchObject({
      input: { positionId: 7, takeProfit: '1900.00000000', stopLoss: '' },
    });
  });

  it("judges by the position's mark before the first ticker frame", async () => {
    setTakeProfit(undefined, '1900');
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
  });
});
