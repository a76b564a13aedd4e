import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import {
  leverageCalls,
  leverageTermsVersion,
  parseMoney,
  type Envelope,
  type LeverageTerms,
} from '@tidemark/contract';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

class ApiError extends Error {
  constructor(readonly envelope: Envelope<unknown>) {
    super(envelope.enMsg);
  }
  get code() {
    return this.envelope.code;
  }
}

/** What the open call answers next: a refusal's code, or undefined to open. */
let refusal: Envelope<null>['code'] | undefined;
const sent: { path: string; input: Record<string, unknown> }[] = [];
vi.mock('../../../api/client', () => ({
  ApiError,
  NetworkError: class NetworkError extends Error {},
  request: async (call: { path: string }, input: Record<string, unknown>) => {
    sent.push({ path: call.path, input });
    if (refusal !== undefined)
      throw new ApiError({ status: '400', code: refusal, enMsg: 'no', cnMsg: 'no', data: null });
    return { id: 1 };
  },
}));
const toasts: string[] = [];
vi.mock('../../../ui/toast', () => ({ showToast: (text: string) => toasts.push(text) }));

const { useOpenPositionAction } = await import('./use-open-position');

function termsOf(lotPrice: string, openFeeRate: string): LeverageTerms {
  return {
    lotPrice,
    openFeeRate,
    closeFeeRate: '0.001',
    maintenanceRate: '0.5',
    negativeBalanceProtection: true,
    termsVersion: leverageTermsVersion({
      lotPrice: parseMoney(lotPrice),
      openFeeRate: parseMoney(openFeeRate),
      closeFeeRate: parseMoney('0.001'),
      maintenanceRate: parseMoney('0.5'),
      protection: true,
    }),
    tiers: [],
    volumeDays: 30,
    products: [],
  };
}

const cached = termsOf('100', '0.001');
const changed = termsOf('200', '0.005');

function render(fresh: LeverageTerms[]) {
  const refreshTerms = vi.fn(async () => fresh.shift());
  const refreshMultiples = vi.fn(async () => undefined);
  const context = {
    symbol: 'BTC/USDT',
    direction: 'long' as const,
    lots: '1',
    multiple: 1,
    allowed: [1, 2],
    price: '50000',
    takeProfit: '',
    stopLoss: '',
    balance: '10000',
    pricePlaces: 2,
    mode: 'demo' as const,
    terms: cached,
    refreshTerms,
    refreshMultiples,
  };
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useOpenPositionAction(context, () => undefined), { wrapper });
  return { hook, refreshTerms, refreshMultiples };
}

const lotPriceShown = (hook: ReturnType<typeof render>['hook']) =>
  hook.result.current.pending?.preview.lotPrice;

afterEach(() => {
  cleanup();
  sent.length = 0;
  toasts.length = 0;
  refusal = undefined;
});

describe('opening a position with the terms the trader saw', () => {
  it('reads the terms again when the sheet opens and sends the version it showed', async () => {
    const { hook, refreshTerms } = render([changed]);
    await act(() => hook.result.current.review('long'));
    expect(refreshTerms).toHaveBeenCalledTimes(1);
    // The sheet states the server's current terms, not the cached ones.
    expect(lotPriceShown(hook)).toBe(parseMoney('200'));
    expect(hook.result.current.pending?.openFeeRate).toBe('0.005');
    await act(() => hook.result.current.confirm());
    expect(sent).toEqual([
      {
        path: leverageCalls.insert.path,
        input: expect.objectContaining({ lots: 1, termsVersion: changed.termsVersion }),
      },
    ]);
  });

  it('shows the new terms again when the server says they changed', async () => {
    const { hook, refreshTerms } = render([cached, changed]);
    await act(() => hook.result.current.review('long'));
    expect(lotPriceShown(hook)).toBe(parseMoney('100'));
    refusal = 'leverageTermsChanged';
    await act(() => hook.result.current.confirm());
    expect(sent[0]?.input['termsVersion']).toBe(cached.termsVersion);
    expect(refreshTerms).toHaveBeenCalledTimes(2);
    expect(lotPriceShown(hook)).toBe(parseMoney('200'));
  });

  it('reads the multiples again when the tier no longer allows the one chosen', async () => {
    const { hook, refreshMultiples } = render([cached]);
    await act(() => hook.result.current.review('long'));
    refusal = 'leverageMultiple';
    await act(() => hook.result.current.confirm());
    expect(refreshMultiples).toHaveBeenCalledTimes(1);
    expect(hook.result.current.pending).toBeNull();
  });

  it('keeps the cached terms when they cannot be read again', async () => {
    const { hook } = render([]);
    await act(() => hook.result.current.review('long'));
    expect(lotPriceShown(hook)).toBe(parseMoney('100'));
  });
});
