import { act, cleanup, screen } from '@testing-library/react';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { confirmDialog } from './dialog';
import { closeStaleOverlays } from './overlays';

beforeAll(() => {
  // As main.tsx does: antd-mobile draws its dialogs with React 19's root API.
  unstableSetRender((node, container) => {
    const root = createRoot(container);
    root.render(node);
    return async () => root.unmount();
  });
});

afterEach(() => {
  cleanup();
  window.location.hash = '';
});

const ask = () =>
  confirmDialog({ content: 'Delete it?', confirmText: 'Delete', cancelText: 'Keep' });

describe('confirmDialog', () => {
  it('answers true when confirmed', async () => {
    const answer = ask();
    const button = await screen.findByText('Delete');
    await act(async () => button.click());
    await expect(answer).resolves.toBe(true);
  });

  it('answers false and closes when the user navigates away', async () => {
    window.location.hash = '#/pages/wallet/index';
    const answer = ask();
    await screen.findByText('Delete it?');
    window.location.hash = '#/pages/assets/index';
    await act(async () => closeStaleOverlays());
    await expect(answer).resolves.toBe(false);
  });

  it('answers false when the user navigates before it is even drawn', async () => {
    window.location.hash = '#/pages/wallet/index';
    const answer = ask();
    window.location.hash = '#/pages/assets/index';
    await act(async () => closeStaleOverlays());
    await expect(answer).resolves.toBe(false);
  });
});
