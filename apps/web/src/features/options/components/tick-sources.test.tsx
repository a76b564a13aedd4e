import { cleanup, render } from '@testing-library/react';
import type { OptionTick, SettlementRecord } from '@tidemark/contract';
import { loadPagesPack } from '@tidemark/i18n';
import en from '@tidemark/i18n/locales/en.json';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RecordDetail } from '../verify/components/record-detail';
import { sourceTimeFormat, TickSources } from './tick-sources';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: { ...en, ...(await loadPagesPack('en')) } } },
    interpolation: { escapeValue: false },
  });
});
afterEach(cleanup);

// 2026-11-25 00:30:05.250 UTC and a source 400 ms older.
const T = Date.UTC(2026, 10, 25, 0, 30, 5, 250);
const live: OptionTick = {
  price: '64000.50000000',
  time: T,
  feedSeq: 41,
  sources: [
    { name: 'binance', price: '64000.10000000', time: T - 400 },
    { name: 'okx', price: '64000.50000000', time: T - 120 },
    { name: 'coinbase', price: '64001.00000000', time: T - 30 },
  ],
};
const simulated: OptionTick = { price: '64000.50000000', time: T, feedSeq: 41 };

const rows = (field: string) =>
  [...document.querySelectorAll(`[data-field="${field}"] tbody tr`)].map((tr) =>
    [...tr.children].map((cell) => cell.textContent),
  );

describe('a tick’s sources', () => {
  it('lists each source’s name, exact price and update time to the millisecond', () => {
    render(<TickSources sources={live.sources} field="strike-sources" />);
    const time = (ms: number) => sourceTimeFormat('en').format(ms);
    expect(rows('strike-sources')).toEqual([
      ['binance', '64,000.10', time(T - 400)],
      ['okx', '64,000.50', time(T - 120)],
      ['coinbase', '64,001.00', time(T - 30)],
    ]);
    expect(time(T - 400)).toMatch(/:04\.850$/);
    expect(
      document.querySelector('[data-field="strike-sources"]')?.getAttribute('aria-label'),
    ).toBe('Median of these exchange prices');
  });

  it('shows nothing for a tick of the simulator, which names no source', () => {
    const { container } = render(
      <>
        <TickSources sources={undefined} />
        <TickSources sources={[]} />
      </>,
    );
    expect(container.innerHTML).toBe('');
  });

  it('sits under the strike and the settlement of a settlement record, only where they are live', () => {
    const record: SettlementRecord = {
      seq: 7,
      orderId: 12,
      trader: 'ab'.repeat(16),
      book: 'demo',
      symbol: 'BTC/USDT',
      direction: 'long',
      stake: '100.00000000',
      returnRate: '0.85000000',
      lossRate: '1.00000000',
      expiry: T + 60_000,
      strike: live,
      settle: { ...simulated, feedSeq: 99, time: T + 59_000 },
      outcome: 'tie',
      payout: '100.00000000',
      prevHash: '0'.repeat(64),
      hash: 'f'.repeat(64),
    };
    render(
      <RecordDetail
        record={record}
        ticks={{ strike: [], settle: [] }}
        check={null}
        dateFormat={new Intl.DateTimeFormat('en', { timeZone: 'UTC' })}
      />,
    );
    expect(rows('strike-sources').map((r) => r[0])).toEqual(['binance', 'okx', 'coinbase']);
    expect(document.querySelector('[data-field="settle-sources"]')).toBeNull();
    expect(document.querySelectorAll('.verify-field--sources')).toHaveLength(1);
  });
});
