import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import en from '@tidemark/i18n/locales/console/en.json';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initReactI18next } from 'react-i18next';
import { ApiError } from '../api/client';
import { i18next } from './i18n';
import { PagedTable } from './paged-table';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});

afterEach(cleanup);

type Row = { id: number; name: string };

function show(query: Parameters<typeof PagedTable<Row>>[0]['query'], onPageChange = vi.fn()) {
  render(
    <PagedTable<Row>
      query={query}
      columns={[{ title: 'Name', dataIndex: 'name' }]}
      emptyText="Nothing here"
      page={1}
      pageSize={2}
      onPageChange={onPageChange}
    />,
  );
  return onPageChange;
}

const rows = {
  list: [
    { id: 7, name: 'alice' },
    { id: 8, name: 'bob' },
  ],
  total: 5,
};

describe('PagedTable', () => {
  it('shows the page keyed by id, counts every row and asks for another page', () => {
    const onPageChange = show({ data: rows, error: null, isFetching: false, refetch: vi.fn() });
    expect(document.querySelector('tr[data-row-key="7"]')?.textContent).toBe('alice');
    expect(screen.getByText('Total: 5')).toBeTruthy();
    fireEvent.click(screen.getByTitle('3'));
    expect(onPageChange).toHaveBeenCalledWith(3, 2);
  });

  it('says what failed above the table, with a retry', () => {
    const refetch = vi.fn();
    const error = new ApiError({ status: '0', cnMsg: '失败', enMsg: 'refused', data: null }, 200);
    show({ data: undefined, error, isFetching: false, refetch });
    expect(screen.getByText('refused')).toBeTruthy();
    expect(screen.getByText('Nothing here')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en.console.common.retry }));
    expect(refetch).toHaveBeenCalled();
  });
});
