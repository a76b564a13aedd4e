import { cleanup, fireEvent, render } from '@testing-library/react';
import en from '@tidemark/i18n/locales/en.json';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PeriodTabs } from './period-tabs';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
afterEach(cleanup);

const keys = (container: HTMLElement) =>
  [...container.querySelectorAll('.period-tabs [role="tab"]')].map((tab) =>
    tab.getAttribute('data-key'),
  );

describe('the period tabs', () => {
  it('offer the line and every candle period', () => {
    const { container } = render(<PeriodTabs value="15min" onChange={() => {}} />);
    expect(keys(container)).toEqual([
      'line',
      '1min',
      '15min',
      '30min',
      '1hour',
      '1day',
      '1week',
      '1mon',
    ]);
  });

  it("put a page's own tabs after the periods, and answer their keys", () => {
    const onChange = vi.fn();
    const { container } = render(
      <PeriodTabs value="15min" onChange={onChange} extra={[{ key: 'depth', label: 'Depth' }]} />,
    );
    expect(keys(container).at(-1)).toBe('depth');
    fireEvent.click(container.querySelector('[data-key="depth"]')!);
    expect(onChange).toHaveBeenCalledWith('depth');
  });
});
