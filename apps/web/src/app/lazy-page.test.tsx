import { act, cleanup, render, screen } from '@testing-library/react';
import en from '@tidemark/i18n/locales/en.json';
import pagesEn from '@tidemark/i18n/locales/pages/en.json';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, lazyPage, loadChunk } from './lazy-page';
import { PageHost } from './page-host';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const Hello = () => <p>hello page</p>;

function host(
  loader: () => Promise<{ default: () => ReactElement }>,
  texts: 'core' | 'pages' = 'core',
) {
  return render(
    <MemoryRouter>
      <PageHost page={lazyPage(loader, { texts })} />
    </MemoryRouter>,
  );
}

describe('lazy pages (SPEC.md sections 2 and 9)', () => {
  it('shows nothing for 200 ms, then the loading view, then the page', async () => {
    let resolve!: (m: { default: () => ReactElement }) => void;
    host(() => new Promise((r) => (resolve = r)));
    await act(async () => vi.advanceTimersByTime(199));
    expect(screen.queryByRole('status')).toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toContain('Loading');
    await act(async () => resolve({ default: Hello }));
    expect(screen.getByText('hello page')).toBeTruthy();
  });

  it('shows the chunk error view with retry when the chunk fails, and retry loads again', async () => {
    let calls = 0;
    host(async () => {
      calls += 1;
      if (calls === 1) throw new Error('net::ERR_FAILED');
      return { default: Hello };
    });
    await act(async () => vi.advanceTimersByTime(10));
    expect(screen.getByRole('alert').textContent).toContain('The page failed to load');
    await act(async () => screen.getByRole('button', { name: 'Retry' }).click());
    await act(async () => vi.advanceTimersByTime(10));
    expect(screen.getByText('hello page')).toBeTruthy();
    expect(calls).toBe(2);
  });

  it('counts a page still loading after 60 s as failed', async () => {
    host(() => new Promise(() => undefined));
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('alert').textContent).toContain('The page failed to load');
  });

  it('renders a page once the pages pack of the language has joined the core texts', async () => {
    vi.useRealTimers();
    expect(i18next.exists('deposit.submit')).toBe(false);
    const Deposit = () => <p>{i18next.t('deposit.submit')}</p>;
    host(async () => ({ default: Deposit }), 'pages');
    expect(await screen.findByText(pagesEn.deposit.submit)).toBeTruthy();
    // Core texts are still there, deep-merged rather than replaced.
    expect(i18next.t('common.retry')).toBe(en.common.retry);
  });

  it('turns a chunk slower than 120 s into a ChunkLoadError', async () => {
    const loading = loadChunk(() => new Promise(() => undefined)).catch((e: unknown) => e);
    await act(async () => vi.advanceTimersByTime(119_999));
    await act(async () => vi.advanceTimersByTime(1));
    expect(await loading).toBeInstanceOf(ChunkLoadError);
  });
});
