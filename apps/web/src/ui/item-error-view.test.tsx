import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../api/client';
import { ItemErrorView } from './item-error-view';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: {} } } });
});
afterEach(cleanup);

const NOT_FOUND = 'This order could not be found';
const refusal = new ApiError(
  { status: '404', code: 'notFound', enMsg: 'x', cnMsg: 'x', data: null },
  200,
);

describe('a detail page whose item could not be shown', () => {
  it('says "not found" without Retry when the server refused it, in an HTTP 200 envelope', () => {
    render(<ItemErrorView notFound={NOT_FOUND} error={refusal} onRetry={vi.fn()} />);
    expect(screen.getByText(NOT_FOUND)).toBeTruthy();
    expect(screen.queryByText('common.retry')).toBeNull();
  });

  it('says "not found" without Retry when there was no id to ask for', () => {
    render(<ItemErrorView notFound={NOT_FOUND} error={null} />);
    expect(screen.getByText(NOT_FOUND)).toBeTruthy();
    expect(screen.queryByText('common.retry')).toBeNull();
  });

  it('names a network failure, never "not found", and offers Retry', () => {
    const retry = vi.fn();
    render(
      <ItemErrorView
        notFound={NOT_FOUND}
        error={new NetworkError(new Error('offline'))}
        onRetry={retry}
      />,
    );
    expect(screen.queryByText(NOT_FOUND)).toBeNull();
    expect(screen.getByText('errors.networkError')).toBeTruthy();
    screen.getByText('common.retry').click();
    expect(retry).toHaveBeenCalledOnce();
  });
});
