import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { CallDef, Product, Ticker } from '@tidemark/contract';
import en from '@tidemark/i18n/locales/en.json';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rankTickers } from '../ranking';

vi.mock('../../../api/use-channel', () => ({
  useChannel: () => {},
  useSocketState: () => 'connected',
}));

const tick = (symbol: string, change: string, quoteVolume = '1000'): Ticker => {
  const [base = '', quote = ''] = symbol.split('/');
  return {
    symbol,
    base,
    quote,
    price: '10',
    open24h: '10',
    high24h: '10',
    low24h: '10',
    change24h: change,
    volume24h: '10',
    quoteVolume24h: quoteVolume,
    time: 1,
    status: 'open',
    sources: 1,
  };
};
const product = (id: number, symbol: string): Product => {
  const [base = '', quote = ''] = symbol.split('/');
  return {
    id,
    symbol,
    base,
    quote,
    name: base,
    pricePrecision: 2,
    quantityPrecision: 4,
    tradingOpen: true,
    options: true,
    sort: id,
  };
};

let tickers: Ticker[] = [];
vi.mock('../../../api/client', () => ({
  request: async (def: CallDef) =>
    def.path === '/api/findCurrencyMoneyList'
      ? tickers
      : tickers.map((t, i) => product(i + 1, t.symbol)),
}));

const { HomeMarkets } = await import('./home-markets');

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
afterEach(cleanup);

const symbols = (list: Ticker[]) => list.map((t) => t.base);

describe('the gainers and losers lists', () => {
  const mixed = [
    tick('BTC/USDT', '1.20'),
    tick('ETH/USDT', '-0.20'),
    tick('SOL/USDT', '0.00'),
    tick('DOGE/USDT', '3.50'),
    tick('XRP/USDT', '-4.00'),
  ];

  it('lists as gainers only coins that rose and as losers only coins that fell', () => {
    expect(symbols(rankTickers(mixed, 'gainers', 8))).toEqual(['DOGE', 'BTC']);
    expect(symbols(rankTickers(mixed, 'losers', 8))).toEqual(['XRP', 'ETH']);
    // Volume ranks every pair, unchanged ones included.
    expect(rankTickers(mixed, 'volume', 8)).toHaveLength(5);
  });

  it('shows an empty state on home when no coin rose, and the fallers under losers', async () => {
    tickers = [tick('BTC/USDT', '-0.20'), tick('ETH/USDT', '0.00'), tick('SOL/USDT', '-1.10')];
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { container } = render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <HomeMarkets />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const rows = () =>
      [...container.querySelectorAll('.pair-list .pair-row[data-symbol]')].map((r) =>
        r.getAttribute('data-symbol'),
      );
    expect(await screen.findByText('No coin has risen in the last 24 h')).toBeTruthy();
    expect(rows()).toEqual([]);
    fireEvent.click(container.querySelector('[role="tab"][data-key="losers"]')!);
    expect(rows()).toEqual(['SOL/USDT', 'BTC/USDT']);
    expect(screen.queryByText('No coin has risen in the last 24 h')).toBeNull();
  });
});
