import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import en from '@tidemark/i18n/locales/console/en.json';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initReactI18next } from 'react-i18next';
import { AuditChanges, auditFieldChanges, auditValueText } from './audit-changes';
import { formatTime } from './format';
import { i18next } from './i18n';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});

afterEach(cleanup);

describe('auditFieldChanges', () => {
  it('lists every field of before and after by path, marking the changed ones', () => {
    expect(
      auditFieldChanges(
        { returnRate: '0.8', terms: { min: '10', max: '100' }, countries: ['DE'] },
        {
          returnRate: '0.85',
          terms: { min: '10', max: '200' },
          countries: ['DE', 'FR'],
          note: 'x',
        },
      ),
    ).toEqual([
      { field: 'returnRate', before: '0.8', after: '0.85', changed: true },
      { field: 'terms.min', before: '10', after: '10', changed: false },
      { field: 'terms.max', before: '100', after: '200', changed: true },
      { field: 'countries', before: ['DE'], after: ['DE', 'FR'], changed: true },
      { field: 'note', before: undefined, after: 'x', changed: true },
    ]);
  });

  it('has no fields for a record with neither side, and one side alone counts as changed', () => {
    expect(auditFieldChanges(null, null)).toEqual([]);
    expect(auditFieldChanges(null, { enabled: true })).toEqual([
      { field: 'enabled', before: undefined, after: true, changed: true },
    ]);
  });
});

describe('auditValueText', () => {
  it('shows a time field as a date, other numbers and values as written', () => {
    const at = Date.UTC(2026, 11, 7, 9, 30);
    expect(auditValueText('user.createdAt', at)).toBe(formatTime(at));
    expect(auditValueText('opens_at', at)).toBe(formatTime(at));
    // Not a time by its name, or not a plausible epoch: as written.
    expect(auditValueText('maxMultiple', 100)).toBe('100');
    expect(auditValueText('lockAt', 12)).toBe('12');
    expect(auditValueText('rate', '0.065')).toBe('0.065');
    expect(auditValueText('countries', ['DE', 'FR'])).toBe('["DE","FR"]');
    expect(auditValueText('x', null)).toBe('-');
    expect(auditValueText('x', undefined)).toBe('-');
  });
});

describe('AuditChanges', () => {
  it('shows the fields with before and after, and the stored record on request', () => {
    render(<AuditChanges before={{ enabled: false }} after={{ enabled: true }} />);
    expect(screen.getByText('enabled')).toBeTruthy();
    expect(screen.getByText('false')).toBeTruthy();
    expect(screen.getByText('true')).toBeTruthy();
    expect(document.querySelectorAll('tr.audit-changed')).toHaveLength(1);
    fireEvent.click(screen.getByText(en.console.audit.raw));
    expect(document.querySelector('.json-view')?.textContent).toContain('"enabled": false');
  });
});
