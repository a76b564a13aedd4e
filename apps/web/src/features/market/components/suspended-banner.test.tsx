import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { CallDef, Ticker } from '@tidemark/contract';
import { loadPagesPack } from '@tidemark/i18n';
import en from '@tidemark/i18n/locales/en.json';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

const handlers = new Map<string, (data: unknown) => void>();
vi.mock('../../../api/use-channel', () => ({
  useChannel: (channel: string, handler: (data: unknown) => void) => {
    handlers.set(channel, handler);
  },
  useSocketState: () => 'connected',
}));

const btc = (time: number, status: Ticker['status'], sources: number): Ticker => ({
  symbol: 'BTC/USDT',
  base: 'BTC',
  quote: 'USDT',
  price: '64000',
  open24h: '63000',
  high24h: '64500',
  low24h: '62000',
  change24h: '1.58',
  volume24h: '10',
  quoteVolume24h: '640000',
  time,
  status,
  sources,
});

let first: Ticker = btc(1, 'suspended', 1);
vi.mock('../../../api/client', () => ({
  request: async (def: CallDef) =>
    def.path === '/api/getTotalTrades'
      ? first
      : def.path === '/api/findCurrencyMoneyList'
        ? [first]
        : [],
}));

const { useTicker } = await import('../api/tickers');
const { SuspendedBanner } = await import('./suspended-banner');
const { TickerStats } = await import('./ticker-stats');

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: { ...en, ...(await loadPagesPack('en')) } } },
    // As the app does (ui/i18n.ts): React escapes, so "BTC/USDT" stays as it is.
    interpolation: { escapeValue: false },
  });
});
afterEach(cleanup);

/** The chart page's use of them: the pair's live ticker, its figures and the banner. */
function ChartHead() {
  const ticker = useTicker('BTC/USDT');
  return (
    <>
      {ticker.data ? <TickerStats ticker={ticker.data} product={undefined} /> : null}
      <SuspendedBanner ticker={ticker.data} note="New options are paused." />
    </>
  );
}

async function push(frame: Ticker[]) {
  await act(async () => {
    handlers.get('tickers')!(frame);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const banner = () => document.querySelector('[data-testid="suspended-banner"]');
const badge = () => document.querySelector('.ticker-stats .suspended-badge');

describe('the suspended banner', () => {
  it('says nothing while the ticker loads or the market is open', () => {
    render(<SuspendedBanner ticker={undefined} note="x" />);
    expect(banner()).toBeNull();
    render(<SuspendedBanner ticker={btc(1, 'open', 3)} note="x" />);
    expect(banner()).toBeNull();
  });

  it('names the coin, the live source count, what is paused and that it resumes by itself', () => {
    render(<SuspendedBanner ticker={btc(1, 'suspended', 1)} note="New options are paused." />);
    expect(banner()?.getAttribute('role')).toBe('status');
    expect(banner()?.getAttribute('data-symbol')).toBe('BTC/USDT');
    const text = banner()?.textContent ?? '';
    expect(text).toContain('BTC/USDT is suspended');
    expect(text).toContain('Too few live price sources');
    expect(text).toContain('Live price sources now: 1');
    expect(text).toContain('New options are paused.');
    expect(text).toContain('Trading resumes by itself');
  });

  it('comes and goes with the tickers channel, with no reload', async () => {
    first = btc(1, 'suspended', 0);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ChartHead />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('BTC/USDT is suspended')).toBeTruthy();
    expect(badge()?.textContent).toBe('Suspended');
    expect(banner()?.textContent).toContain('Live price sources now: 0');
    // The sources return: the next frame opens the market again.
    await push([btc(2, 'open', 3)]);
    expect(banner()).toBeNull();
    expect(badge()).toBeNull();
    // A late frame from before cannot suspend it again; a new one can.
    await push([btc(1, 'suspended', 0)]);
    expect(banner()).toBeNull();
    await push([btc(3, 'suspended', 1)]);
    expect(banner()?.textContent).toContain('Live price sources now: 1');
  });
});
