import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import type { OptionOrder } from '@tidemark/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

const cancelled = vi.fn((_call: { input: unknown; idempotencyKey: string }) => Promise.resolve({}));
const toppedUp = vi.fn((_call: { input: unknown; idempotencyKey: string }) => Promise.resolve({}));
vi.mock('../api/options-mutations', () => ({
  useCancelOption: () => ({ mutateAsync: cancelled }),
  useTopUpOption: () => ({ mutateAsync: toppedUp }),
}));
let answer = true;
const asked = vi.fn((_question: { content: unknown }) => Promise.resolve(answer));
vi.mock('../../../ui/dialog', () => ({ confirmDialog: asked }));
vi.mock('../../../ui/toast', () => ({ showToast: vi.fn() }));

const { ScheduledActions } = await import('./scheduled-actions');

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: {} } } });
});
afterEach(() => {
  cleanup();
  cancelled.mockClear();
  toppedUp.mockClear();
  asked.mockClear();
  answer = true;
});

const order: OptionOrder = {
  id: 5,
  symbol: 'SOL/USDT',
  direction: 'long',
  amount: '10.00000000',
  periodSeconds: 60,
  returnRate: '0.80000000',
  lossRate: '1.00000000',
  strikePrice: null,
  openTime: 2_000_000,
  settleTime: 2_060_000,
  status: 'scheduled',
  kind: 'period',
  startTime: 2_000_000,
  mode: 'demo',
  strike: null,
  settle: null,
  settlePrice: null,
  payout: null,
  profit: null,
  outcome: null,
  recordSeq: null,
  recordHash: null,
  createdAt: 1_990_000,
};

function show(suspended: boolean) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ScheduledActions order={order} topUpAmount="10" suspended={suspended} />
    </QueryClientProvider>,
  );
  const [cancel, topUp] = [...document.querySelectorAll('button')];
  return { cancel: cancel!, topUp: topUp! };
}

describe('a scheduled order’s actions', () => {
  it('keeps cancelling open but lets a top-up wait while the coin is suspended', () => {
    const { cancel, topUp } = show(true);
    expect(cancel.textContent).toBe('optionsTrade.scheduled.cancel');
    expect(cancel.disabled).toBe(false);
    expect(topUp.disabled).toBe(true);
  });

  it('offers the top-up on an open market', () => {
    expect(show(false).topUp.disabled).toBe(false);
  });

  it('cancels only once the question is answered yes', async () => {
    answer = false;
    fireEvent.click(show(false).cancel);
    await waitFor(() => expect(asked).toHaveBeenCalledTimes(1));
    expect(cancelled).not.toHaveBeenCalled();
    cleanup();
    answer = true;
    fireEvent.click(show(false).cancel);
    await waitFor(() => expect(cancelled).toHaveBeenCalledTimes(1));
    expect(cancelled.mock.calls[0]![0].input).toEqual({ orderId: 5 });
  });

  it('tops up only once the question stating the new stake is answered yes', async () => {
    answer = false;
    fireEvent.click(show(false).topUp);
    await waitFor(() => expect(asked).toHaveBeenCalledTimes(1));
    expect(asked.mock.calls[0]![0].content).toBe('optionsTrade.scheduled.topUpConfirm');
    expect(toppedUp).not.toHaveBeenCalled();
    cleanup();
    answer = true;
    fireEvent.click(show(false).topUp);
    await waitFor(() => expect(toppedUp).toHaveBeenCalledTimes(1));
    expect(toppedUp.mock.calls[0]![0].input).toEqual({ orderId: 5, amount: '10.00000000' });
  });
});
