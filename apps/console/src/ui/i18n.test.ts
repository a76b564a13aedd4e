import { afterAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18next, initI18n } from './i18n';

const text = (count: number) =>
  i18next.t('console.dashboard.valueAndRequests', { usdt: '10.00', count });

describe('console texts that depend on a count', () => {
  afterAll(() => localStorage.clear());

  it('say "1 request" and "2 requests" in English', async () => {
    localStorage.clear();
    await initI18n();
    expect(text(1)).toBe('≈ 10.00 USDT · 1 request today');
    expect(text(2)).toBe('≈ 10.00 USDT · 2 requests today');
    expect(text(0)).toBe('≈ 10.00 USDT · 0 requests today');
  });

  it('follow each language’s own rules, also for codes that are not BCP 47 tags', async () => {
    await changeLanguage('ar');
    expect(text(0)).toBe('≈ 10.00 USDT · لا طلبات اليوم');
    expect(text(2)).toBe('≈ 10.00 USDT · طلبان اليوم');
    expect(text(5)).toBe('≈ 10.00 USDT · 5 طلبات اليوم');
    expect(text(11)).toBe('≈ 10.00 USDT · 11 طلبًا اليوم');
    // "jp" is not a language tag: Intl alone would apply the runtime's rules (English: "_one").
    await changeLanguage('jp');
    expect(text(1)).toBe('≈ 10.00 USDT · 本日の申請 1 件');
    await changeLanguage('fr');
    expect(text(1)).toBe('≈ 10.00 USDT · 1 demande aujourd’hui');
    expect(text(3)).toBe('≈ 10.00 USDT · 3 demandes aujourd’hui');
  });
});
