import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { contentCalls } from '@tidemark/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../api/session';

const sent: { path: string; input: unknown }[] = [];
vi.mock('../../../api/client', () => ({
  request: async (call: { path: string }, input: unknown) => {
    sent.push({ path: call.path, input });
    return { ok: true };
  },
}));
let language = 'de';
vi.mock('../../../ui/i18n', () => ({ currentLanguage: () => language }));

const { useLanguageSync } = await import('./language-sync');

afterEach(() => {
  cleanup();
  sent.length = 0;
  useSession.setState({ token: null });
});

describe('the language told at sign-in', () => {
  it('tells the server the app’s language once a trader signs in, wherever the app is', async () => {
    const { rerender } = renderHook(() => useLanguageSync());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual([]);
    act(() => useSession.setState({ token: 'session-token' }));
    rerender();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ path: contentCalls.setUserLanguage.path, input: { lang: 'de' } });
    // Nothing more while the session lasts; the next sign-in tells it again.
    rerender();
    act(() => useSession.setState({ token: null }));
    language = 'fr';
    act(() => useSession.setState({ token: 'another-token' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ path: contentCalls.setUserLanguage.path, input: { lang: 'fr' } });
  });
});
