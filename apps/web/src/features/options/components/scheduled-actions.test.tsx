import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { OptionOrder } from '@tidemark/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ScheduledActions } from './scheduled-actions';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: {} } } });
});
afterEach(cleanup);

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
});
