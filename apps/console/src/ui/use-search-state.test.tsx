import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { oneOf, useSearchState } from './use-search-state';

const DEFAULTS = { status: 'pending', q: '', page: '1' } as const;

/** Shows the state and the URL query, with buttons that change them. */
function Probe() {
  const [state, update] = useSearchState(DEFAULTS);
  const { search } = useLocation();
  return (
    <>
      <output data-testid="state">{JSON.stringify(state)}</output>
      <output data-testid="search">{search}</output>
      <button onClick={() => update({ status: 'pending' })}>pending</button>
      <button onClick={() => update({ page: '2' })}>page 2</button>
    </>
  );
}

function mount(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Probe />
    </MemoryRouter>,
  );
}

const state = () => JSON.parse(screen.getByTestId('state').textContent ?? '{}') as unknown;
const search = () => screen.getByTestId('search').textContent ?? '';

afterEach(cleanup);

describe('useSearchState', () => {
  it('reads the URL over the defaults', () => {
    mount('/deposits?status=rejected&page=3');
    expect(state()).toEqual({ status: 'rejected', q: '', page: '3' });
  });

  it('goes back to page 1 when a filter changes, and keeps defaults out of the URL', () => {
    mount('/deposits?status=rejected&page=3');
    fireEvent.click(screen.getByText('pending'));
    expect(search()).toBe('');
    expect(state()).toEqual(DEFAULTS);
  });

  it('keeps the other filters when only the page changes', () => {
    mount('/users?q=alice');
    fireEvent.click(screen.getByText('page 2'));
    expect(new URLSearchParams(search()).get('q')).toBe('alice');
    expect(state()).toEqual({ status: 'pending', q: 'alice', page: '2' });
  });
});

describe('oneOf', () => {
  const TABS = ['pending', 'success', 'rejected'] as const;

  it('takes a known value from the URL', () => {
    expect(oneOf(TABS, 'rejected', 'pending')).toBe('rejected');
  });

  it('falls back for an unknown or missing value', () => {
    expect(oneOf(TABS, 'bogus', 'pending')).toBe('pending');
    expect(oneOf(TABS, '', undefined)).toBeUndefined();
  });
});
