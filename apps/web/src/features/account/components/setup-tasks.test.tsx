import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { UserInfo } from '@tidemark/contract';
import en from '@tidemark/i18n/locales/en.json';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RouteRegistry } from '../../../ui/route-registry';
import { foldKey, SetupTasks } from './setup-tasks';

const user = (over: Partial<UserInfo> = {}): UserInfo => ({
  id: 7,
  nickname: 'Trader',
  email: 'trader@example.com',
  phone: null,
  areaCode: null,
  inviteCode: 'ABC123',
  verifyLevel: 0,
  memberTier: 'ordinary',
  mode: 'demo',
  hasPayPassword: false,
  createdAt: 1,
  ...over,
});

function show(info: UserInfo) {
  return render(
    <MemoryRouter>
      <RouteRegistry.Provider value={() => true}>
        <SetupTasks user={info} />
      </RouteRegistry.Provider>
    </MemoryRouter>,
  );
}

const heading = () => screen.getByRole('button', { name: /Finish setting up/ });
const firstTask = () => screen.queryByRole('button', { name: 'Set a transaction password' });

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the set-up list on home', () => {
  it('opens the first time and starts folded to its heading once seen', () => {
    const first = show(user());
    expect(heading().getAttribute('aria-expanded')).toBe('true');
    expect(firstTask()).not.toBeNull();
    expect(screen.getByText('1 of 4 done')).toBeTruthy();
    first.unmount();

    show(user());
    expect(heading().getAttribute('aria-expanded')).toBe('false');
    expect(firstTask()).toBeNull();
    // Folded, it still says how far the account is.
    expect(screen.getByText('1 of 4 done')).toBeTruthy();
  });

  it('remembers opening and folding by hand, per account', () => {
    localStorage.setItem(foldKey(7), 'folded');
    const view = show(user());
    fireEvent.click(heading());
    expect(firstTask()).not.toBeNull();
    view.unmount();

    show(user());
    expect(heading().getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(heading());
    expect(firstTask()).toBeNull();
    expect(localStorage.getItem(foldKey(7))).toBe('folded');
    cleanup();

    // Another account on the same device sees its own list open the first time.
    show(user({ id: 8 }));
    expect(heading().getAttribute('aria-expanded')).toBe('true');
  });

  it('is gone once everything is set up', () => {
    show(user({ hasPayPassword: true, phone: '13800000000', verifyLevel: 1 }));
    expect(screen.queryByRole('button', { name: /Finish setting up/ })).toBeNull();
  });
});
