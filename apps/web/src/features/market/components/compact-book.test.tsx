import { cleanup, fireEvent, render } from '@testing-library/react';
import type { Depth, Ticker } from '@tidemark/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CompactBook, COMPACT_LEVELS } from './compact-book';

beforeAll(async () => {
  // Keys come back as themselves: the test reads structure and numbers, not wording.
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: {} } } });
});
afterEach(cleanup);

const depth: Depth = {
  symbol: 'BTC/USDT',
  bids: [
    ['64999.50000000', '0.50000000'],
    ['64999.00000000', '1.00000000'],
  ],
  asks: Array.from({ length: 8 }, (_, i): [string, string] => [`${65000 + i}.00000000`, '0.1']),
  source: 'engine',
  time: 1,
};
const ticker = { symbol: 'BTC/USDT', price: '65000.25', change24h: '1.5' } as Ticker;

const prices = (side: 'asks' | 'bids') =>
  [...document.querySelectorAll(`[data-side="${side}"] .book-level`)].map(
    (el) => el.getAttribute('data-price') ?? 'empty',
  );

function show(pick = vi.fn(), isOwn?: (price: string) => boolean) {
  render(
    <CompactBook
      depth={depth}
      ticker={ticker}
      base="BTC"
      quote="USDT"
      pricePlaces={2}
      quantityPlaces={5}
      onPick={pick}
      isOwn={isOwn}
    />,
  );
  return pick;
}

describe('the order book beside the form', () => {
  it('shows the best asks worst first, so the best ask sits next to the last price', () => {
    show();
    expect(prices('asks')).toEqual([
      '65005.00000000',
      '65004.00000000',
      '65003.00000000',
      '65002.00000000',
      '65001.00000000',
      '65000.00000000',
    ]);
    expect(document.querySelector('.compact-book__last')?.textContent).toBe('65,000.25');
  });

  it('keeps six rows a side, empty ones included, so the form beside it never jumps', () => {
    show();
    expect(prices('bids')).toEqual([
      '64999.50000000',
      '64999.00000000',
      ...Array(COMPACT_LEVELS - 2).fill('empty'),
    ]);
    const first = document.querySelector('[data-side="bids"] .book-level');
    expect(first?.textContent).toBe('64,999.500.50000');
  });

  it('hands a tapped level or the last price to the form, and dots the user’s own levels', () => {
    const pick = show(vi.fn(), (price) => price === '64999.00000000');
    fireEvent.click(document.querySelector('[data-price="65001.00000000"]')!);
    fireEvent.click(document.querySelector('.compact-book__last')!);
    expect(pick.mock.calls).toEqual([['65001.00000000'], ['65000.25']]);
    const own = [...document.querySelectorAll('.book-level[data-own]')];
    expect(own.map((el) => el.getAttribute('data-price'))).toEqual(['64999.00000000']);
  });
});
