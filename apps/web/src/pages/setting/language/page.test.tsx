import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { contentCalls } from '@tidemark/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../api/session';

const sent: { path: string; input: unknown }[] = [];
vi.mock('../../../api/client', () => ({
  request: async (call: { path: string }, input: unknown) => {
    sent.push({ path: call.path, input });
    return { ok: true };
  },
}));
const changed: string[] = [];
vi.mock('../../../ui/i18n', () => ({
  changeLanguage: async (code: string) => void changed.push(code),
  currentLanguage: () => 'en',
}));

const { default: LanguagePage } = await import('./page');

function show() {
  return render(
    <MemoryRouter>
      <LanguagePage />
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  sent.length = 0;
  changed.length = 0;
  useSession.setState({ token: null });
});

describe('the language page', () => {
  it('tells the server a signed-in trader’s new language, for the system mail', async () => {
    useSession.setState({ token: 'session-token' });
    show();
    fireEvent.click(screen.getByText('Deutsch'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(changed).toEqual(['de']);
    expect(sent[0]).toEqual({ path: contentCalls.setUserLanguage.path, input: { lang: 'de' } });
  });

  it('keeps a visitor’s choice on the device only', async () => {
    show();
    fireEvent.click(screen.getByText('Deutsch'));
    await waitFor(() => expect(changed).toEqual(['de']));
    expect(sent).toEqual([]);
  });
});
