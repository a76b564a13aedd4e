import { cleanup, render, screen, within } from '@testing-library/react';
import type { ConsoleMarketSources } from '@tidemark/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inEnglish } from '../../ui/test-i18n';
import { MarketView } from './market-view';

beforeAll(inEnglish);
afterEach(cleanup);

const NOW = 1_764_030_000_000;

/** A live feed of three exchanges: okx lagging past the limit, coinbase disconnected. */
const live: ConsoleMarketSources = {
  feed: 'live',
  time: NOW,
  staleMs: 10_000,
  bandBps: 200,
  minSources: 2,
  sources: [
    {
      name: 'binance',
      connected: true,
      lastUpdate: NOW - 300,
      lagMs: 300,
      error: null,
      coins: [
        { symbol: 'BTC/USDT', state: 'fresh', price: '95000.10000000', time: NOW - 300 },
        { symbol: 'SOL/USDT', state: 'fresh', price: '185.00000000', time: NOW - 900 },
      ],
    },
    {
      name: 'okx',
      connected: true,
      lastUpdate: NOW - 14_000,
      lagMs: 14_000,
      error: null,
      coins: [
        { symbol: 'BTC/USDT', state: 'fresh', price: '95001.00000000', time: NOW - 1_000 },
        { symbol: 'SOL/USDT', state: 'stale', price: '184.00000000', time: NOW - 14_000 },
      ],
    },
    {
      name: 'coinbase',
      connected: false,
      lastUpdate: null,
      lagMs: null,
      error: 'NetworkError: getaddrinfo ENOTFOUND',
      coins: [],
    },
  ],
  coins: [
    { symbol: 'BTC/USDT', status: 'open', sources: 2, reason: null, price: '95000.55000000' },
    {
      symbol: 'SOL/USDT',
      status: 'suspended',
      sources: 1,
      reason: '1 fresh source of 2 needed',
      price: '185.00000000',
    },
  ],
};

const rowOf = (testId: string, key: string) =>
  document.querySelector<HTMLElement>(`[data-testid="${testId}"] tr[data-row-key="${key}"]`)!;

describe('the market sources view', () => {
  it('names the suspended coins first', () => {
    render(<MarketView data={live} />);
    expect(screen.getByTestId('market-suspended').textContent).toContain(
      'Suspended now: SOL/USDT.',
    );
    expect(screen.getByText('Live exchanges')).toBeTruthy();
    expect(screen.getByText('2%')).toBeTruthy();
    expect(screen.getByText('10 sec')).toBeTruthy();
    expect(screen.getByText('Fresh sources needed')).toBeTruthy();
  });

  it('shows no index rules for the simulator, which is one source of its own', () => {
    const simulator: ConsoleMarketSources = {
      ...live,
      feed: 'simulator',
      sources: [{ ...live.sources[0]!, name: 'simulator' }],
      coins: [{ ...live.coins[0]!, sources: 1 }],
    };
    render(<MarketView data={simulator} />);
    expect(screen.getByText('Built-in simulator')).toBeTruthy();
    expect(screen.queryByText('Staleness limit')).toBeNull();
    expect(screen.queryByText('Fresh sources needed')).toBeNull();
    expect(screen.queryByText(/needed\)/)).toBeNull();
    expect(rowOf('market-coins', 'BTC/USDT').textContent).toContain('Open1');
  });

  it('says every coin is open when none is suspended', () => {
    render(
      <MarketView
        data={{ ...live, coins: live.coins.map((c) => ({ ...c, status: 'open' as const })) }}
      />,
    );
    expect(screen.queryByTestId('market-suspended')).toBeNull();
    expect(screen.getByText('Every coin is open.')).toBeTruthy();
  });

  it('shows each source’s connection, lag against the limit, fresh coins and last error', () => {
    render(<MarketView data={live} />);
    const binance = within(rowOf('market-sources', 'binance'));
    expect(binance.getByText('Connected')).toBeTruthy();
    expect(binance.getByText('300 ms').getAttribute('data-lag')).toBe('ok');
    expect(binance.getByText('2 of 2')).toBeTruthy();
    const okx = within(rowOf('market-sources', 'okx'));
    expect(okx.getByText('14 sec').getAttribute('data-lag')).toBe('stale');
    expect(okx.getByText('1 of 2')).toBeTruthy();
    const coinbase = within(rowOf('market-sources', 'coinbase'));
    expect(coinbase.getByText('Disconnected')).toBeTruthy();
    expect(coinbase.getByText('No price yet').getAttribute('data-lag')).toBe('none');
    expect(coinbase.getByText('NetworkError: getaddrinfo ENOTFOUND')).toBeTruthy();
  });

  it('shows each coin’s status, fresh sources against the minimum and its state at every source', () => {
    render(<MarketView data={live} />);
    const sol = rowOf('market-coins', 'SOL/USDT');
    expect(sol.querySelector('[data-status]')?.textContent).toBe('Suspended');
    expect(within(sol).getByText('1 (2 needed)')).toBeTruthy();
    // Why, in the operator's language from the per-source states (not the server's log words).
    expect(sol.querySelector('[data-reason]')?.textContent).toBe(
      'okx: Stale (14 sec) · coinbase: Missing',
    );
    expect(within(sol).queryByText('1 fresh source of 2 needed')).toBeNull();
    expect(
      [...sol.querySelectorAll('[data-state]')].map((e) => e.getAttribute('data-state')),
    ).toEqual(['fresh', 'stale', 'missing']);
    const btc = rowOf('market-coins', 'BTC/USDT');
    expect(btc.querySelector('[data-status]')?.textContent).toBe('Open');
    expect(within(btc).getByText('95,000.55')).toBeTruthy();
  });

  it('shows no price for a coin never priced (a live source has not printed it yet)', () => {
    render(
      <MarketView
        data={{
          ...live,
          coins: [{ ...live.coins[1]!, symbol: 'SOL/USDT', sources: 0, price: null }],
        }}
      />,
    );
    const sol = rowOf('market-coins', 'SOL/USDT');
    expect(sol.querySelector('.mono')?.textContent).toBe('-');
  });
});
