import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { CallDef, Product, Ticker } from '@tidemark/contract';
import { loadPagesPack } from '@tidemark/i18n';
import en from '@tidemark/i18n/locales/en.json';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

const handlers = new Map<string, (data: unknown) => void>();
vi.mock('../../../api/use-channel', () => ({
  useChannel: (channel: string, handler: (data: unknown) => void) => {
    handlers.set(channel, handler);
  },
  useSocketState: () => 'connected',
}));

const tick = (symbol: string, price: string, change: string, time = 1): Ticker => {
  const [base = '', quote = ''] = symbol.split('/');
  return {
    symbol,
    base,
    quote,
    price,
    open24h: price,
    high24h: price,
    low24h: price,
    change24h: change,
    volume24h: '10',
    quoteVolume24h: '1234567.5',
    time,
    status: 'open',
    sources: 1,
  };
};
const product = (id: number, symbol: string, name: string): Product => {
  const [base = '', quote = ''] = symbol.split('/');
  return {
    id,
    symbol,
    base,
    quote,
    name,
    pricePrecision: 2,
    quantityPrecision: 4,
    tradingOpen: true,
    options: true,
    sort: id,
  };
};

const answers: Record<string, unknown> = {
  '/api/findCurrencyMoneyList': [
    tick('BTC/USDT', '64000.123', '1.20'),
    tick('ETH/USDT', '3100.5', '-2.50'),
    tick('SOL/USDT', '150', '7.75'),
  ],
  '/api/findCurrencyProductList': [
    product(1, 'BTC/USDT', 'Bitcoin'),
    product(2, 'ETH/USDT', 'Ethereum'),
    product(3, 'SOL/USDT', 'Solana'),
  ],
};
vi.mock('../../../api/client', () => ({
  request: async (def: CallDef) => answers[def.path],
}));

const { MarketTable } = await import('./market-table');
const { toggleFavourite } = await import('../favourites');

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: { ...en, ...(await loadPagesPack('en')) } } },
  });
});
afterEach(cleanup);

async function show(query = '') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MarketTable query={query} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByText('SOL');
  return view;
}

/** A tickers frame from the socket; the query cache tells its observers on the next tick. */
async function push(frame: Ticker[]) {
  await act(async () => {
    handlers.get('tickers')!(frame);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const order = (container: HTMLElement) =>
  [...container.querySelectorAll('.pair-row[data-symbol]')].map((r) =>
    r.getAttribute('data-symbol'),
  );

describe('the quotes table', () => {
  it('lists every pair with its price at the product precision, grouped', async () => {
    const { container } = await show();
    expect(order(container)).toEqual(['BTC/USDT', 'ETH/USDT', 'SOL/USDT']);
    expect(screen.getByText('64,000.12')).toBeTruthy();
    expect(screen.getByText('+1.20%')).toBeTruthy();
    expect(screen.getByText('-2.50%')).toBeTruthy();
  });

  it('sorts by change, highest first, then lowest first', async () => {
    const { container } = await show();
    const change = container.querySelector<HTMLButtonElement>('[data-sort="change"]')!;
    fireEvent.click(change);
    expect(order(container)).toEqual(['SOL/USDT', 'BTC/USDT', 'ETH/USDT']);
    expect(change.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(change);
    expect(order(container)).toEqual(['ETH/USDT', 'BTC/USDT', 'SOL/USDT']);
  });

  it('filters by the search text, coin names included', async () => {
    const { container } = await show('solana');
    expect(order(container)).toEqual(['SOL/USDT']);
  });

  it('follows the tickers channel and pulses a price that moved', async () => {
    const { container } = await show();
    await push([tick('ETH/USDT', '3000', '-5.00', 2)]);
    const eth = container.querySelector('[data-symbol="ETH/USDT"] .pair-row__price')!;
    expect(eth.textContent).toBe('3,000.00');
    expect(eth.className).toContain('flash--down');
    // A second move straight after does not pulse again: pulses are spaced out.
    await push([tick('ETH/USDT', '3001', '-4.90', 3)]);
    expect(eth.textContent).toBe('3,001.00');
    expect(eth.className).toContain('flash--down');
    expect(eth.className).not.toContain('flash--up');
  });

  it('says "Suspended" in place of a blind coin\'s change, and its change again when it opens', async () => {
    const { container } = await show();
    const eth = () => container.querySelector('.pair-row[data-symbol="ETH/USDT"]')!;
    await push([{ ...tick('ETH/USDT', '3100.5', '-2.50', 2), status: 'suspended', sources: 0 }]);
    expect(eth().getAttribute('data-status')).toBe('suspended');
    expect(eth().querySelector('.suspended-badge')?.textContent).toBe('Suspended');
    expect(eth().querySelector('.change-pill')).toBeNull();
    // The other coins keep their change.
    expect(container.querySelectorAll('.suspended-badge')).toHaveLength(1);
    expect(screen.getByText('+1.20%')).toBeTruthy();
    await push([tick('ETH/USDT', '3100.5', '-2.50', 3)]);
    expect(eth().querySelector('.suspended-badge')).toBeNull();
    expect(eth().querySelector('.change-pill')?.textContent).toBe('-2.50%');
  });

  describe('with stars', () => {
    function Starred({ only, starred }: { only: boolean; starred: string[] }) {
      const [symbols, setSymbols] = useState(starred);
      const favourites = {
        symbols,
        isFavourite: (symbol: string) => symbols.includes(symbol),
        toggle: (symbol: string) => setSymbols((list) => toggleFavourite(list, symbol)),
      };
      return <MarketTable query="" favourites={favourites} onlyFavourites={only} />;
    }
    async function showStarred(only: boolean, starred: string[]) {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const view = render(
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <Starred only={only} starred={starred} />
          </MemoryRouter>
        </QueryClientProvider>,
      );
      await screen.findByText('SOL');
      return view;
    }
    const star = (container: HTMLElement, symbol: string) =>
      container.querySelector<HTMLButtonElement>(`.favourite-star[data-symbol="${symbol}"]`)!;

    it('puts a star on every pair, filled for the favourites', async () => {
      const { container } = await showStarred(false, ['SOL/USDT']);
      expect(order(container)).toEqual(['BTC/USDT', 'ETH/USDT', 'SOL/USDT']);
      expect(star(container, 'SOL/USDT').getAttribute('aria-pressed')).toBe('true');
      expect(star(container, 'BTC/USDT').getAttribute('aria-pressed')).toBe('false');
      fireEvent.click(star(container, 'BTC/USDT'));
      expect(star(container, 'BTC/USDT').getAttribute('aria-pressed')).toBe('true');
    });

    it('lists only the favourites, in the order they were starred, until none is left', async () => {
      const { container } = await showStarred(true, ['SOL/USDT', 'BTC/USDT']);
      expect(order(container)).toEqual(['SOL/USDT', 'BTC/USDT']);
      fireEvent.click(star(container, 'SOL/USDT'));
      expect(order(container)).toEqual(['BTC/USDT']);
      expect(screen.queryByText(/^No favourites yet/)).toBeNull();
      fireEvent.click(star(container, 'BTC/USDT'));
      expect(order(container)).toEqual([]);
      expect(screen.getByText(/^No favourites yet/)).toBeTruthy();
    });
  });
});
