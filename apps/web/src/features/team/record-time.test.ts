import { loadPagesPack } from '@tidemark/i18n';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordTime } from './record-time';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: { en: { translation: await loadPagesPack('en') } },
    interpolation: { escapeValue: false },
  });
});

const format = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });
const at = Date.UTC(2026, 11, 8, 17, 0);

describe('a referral record’s time', () => {
  it('says when a pending rebate is released', () => {
    const r = { state: 'pending', dueAt: at, releasedAt: null, waitingForBudget: false } as const;
    expect(recordTime(r, i18n.t, format)).toBe('Released from Dec 8, 2026');
  });

  it('says a rebate past its release time waits for the platform to fund the budget', () => {
    const r = { state: 'pending', dueAt: at, releasedAt: null, waitingForBudget: true } as const;
    expect(recordTime(r, i18n.t, format)).toBe(
      'Waiting for the platform to fund the rebate budget',
    );
  });

  it('shows when a released one was, and nothing for one never granted', () => {
    expect(
      recordTime(
        { state: 'released', dueAt: at, releasedAt: at, waitingForBudget: false },
        i18n.t,
        format,
      ),
    ).toBe('Dec 8, 2026');
    expect(
      recordTime(
        { state: 'uncovered', dueAt: at, releasedAt: null, waitingForBudget: false },
        i18n.t,
        format,
      ),
    ).toBe('');
  });
});
