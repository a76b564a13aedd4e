import { parseMoney } from '@tidemark/contract/rules';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordDateFormat } from '../../assets/date-format';
import { stakeFigures } from '../option-math';
import { OptionConfirmSheet, type PendingOption } from './option-confirm-sheet';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: {} } } });
});
afterEach(cleanup);

const U = 100_000_000n;

function show(option: Partial<PendingOption> & { lossRate: string }) {
  const handlers = { onConfirm: vi.fn(), onClose: vi.fn() };
  const returnRate = option.returnRate ?? '0.85';
  const pending: PendingOption = {
    symbol: 'BTC/USDT',
    direction: 'long',
    seconds: 60,
    returnRate,
    scheduled: false,
    figures: stakeFigures(100n * U, parseMoney(returnRate), parseMoney(option.lossRate)),
    ...option,
  };
  render(<OptionConfirmSheet option={pending} busy={false} {...handlers} />, {
    wrapper: MemoryRouter,
  });
  return handlers;
}

const value = (field: string) =>
  document.querySelector(`.option-sheet [data-field="${field}"] dd`)?.textContent;

describe('the option confirmation sheet', () => {
  it('states the stake, the win payout, the loss and the tie refund', () => {
    show({ lossRate: '1' });
    expect(value('symbol')).toBe('BTC/USDT');
    expect(value('stake')).toBe('100.00 USDT');
    expect(value('win')).toBe('185.00 USDT');
    expect(value('loss')).toBe('-100.00 USDT');
    expect(value('tie')).toBe('100.00 USDT');
    // Everything is lost on a loss at 100 %: no refund row.
    expect(value('loss-refund')).toBeUndefined();
    expect(document.querySelector('.option-sheet__rules')?.textContent).toContain(
      'optionsTrade.confirm.rulesLong',
    );
  });

  it('shows what a partial loss rate refunds, and the short rule for a short', () => {
    show({ lossRate: '0.9', direction: 'short', scheduled: true });
    expect(value('loss')).toBe('-90.00 USDT');
    expect(value('loss-refund')).toBe('10.00 USDT');
    const rules = document.querySelector('.option-sheet__rules')?.textContent ?? '';
    expect(rules).toContain('optionsTrade.confirm.rulesShort');
    // The strike of a scheduled order is the price at its start, stated once.
    expect(rules).toContain('optionsTrade.confirm.rulesScheduled');
    expect(rules).not.toMatch(/optionsTrade\.confirm\.rules(?!Scheduled|Short|Long)/);
  });

  it('says when a period order starts (the next boundary), and nothing of a start for an instant one', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      vi.setSystemTime(new Date('2026-12-08T10:00:42Z'));
      show({ lossRate: '1', scheduled: true, seconds: 60 });
      const shown = value('start') ?? '';
      expect(shown).toBe(recordDateFormat('en').format(new Date('2026-12-08T10:01:00Z')));
      // Still open after the boundary: the order would start at the one after.
      act(() => vi.advanceTimersByTime(19_000));
      expect(value('start')).toBe(recordDateFormat('en').format(new Date('2026-12-08T10:02:00Z')));
      cleanup();
      show({ lossRate: '1', scheduled: false });
      expect(value('start')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('buys on confirm and closes on cancel', () => {
    const handlers = show({ lossRate: '1' });
    fireEvent.click(screen.getByText('optionsTrade.buy.long'));
    expect(handlers.onConfirm).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByText('common.cancel'));
    expect(handlers.onClose).toHaveBeenCalledOnce();
  });
});
