import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeStaleOverlays, trackOverlay, useCloseOverlaysOnNavigate } from './overlays';
import { Sheet } from './sheet';

afterEach(() => {
  cleanup();
  window.location.hash = '';
});

describe('imperative overlays (dialogs)', () => {
  it('closes the ones opened at another address, and only those', () => {
    window.location.hash = '#/pages/Withdrawal/index';
    const left = vi.fn();
    trackOverlay(left);
    window.location.hash = '#/pages/assets/index';
    const here = vi.fn();
    trackOverlay(here);
    closeStaleOverlays();
    expect(left).toHaveBeenCalledTimes(1);
    expect(here).not.toHaveBeenCalled();
    // A closed overlay is forgotten: it is not closed twice.
    window.location.hash = '#/';
    closeStaleOverlays();
    expect(left).toHaveBeenCalledTimes(1);
    expect(here).toHaveBeenCalledTimes(1);
  });

  it('forgets an overlay that closed by itself', () => {
    window.location.hash = '#/a';
    const close = vi.fn();
    const forget = trackOverlay(close);
    forget();
    window.location.hash = '#/b';
    closeStaleOverlays();
    expect(close).not.toHaveBeenCalled();
  });
});

function PageWithSheet({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(true);
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => navigate('?tab=2')}>
        go
      </button>
      <Sheet
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        destroyOnClose
      >
        <p>sheet body</p>
      </Sheet>
    </>
  );
}

function ShellLike() {
  useCloseOverlaysOnNavigate();
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      back
    </button>
  );
}

describe('the shell', () => {
  it('closes a dialog on going back between entries the browser made (both keyed "default")', async () => {
    window.location.hash = '#/pages/Withdrawal/index';
    const close = vi.fn();
    // Two entries without keys of their own, as a typed address and a reload leave them.
    render(
      <MemoryRouter
        initialEntries={[
          { pathname: '/pages/assets/index', key: 'default' },
          { pathname: '/pages/Withdrawal/index', key: 'default' },
        ]}
        initialIndex={1}
      >
        <ShellLike />
      </MemoryRouter>,
    );
    trackOverlay(close);
    window.location.hash = '#/pages/assets/index';
    await act(async () => screen.getByText('back').click());
    expect(close).toHaveBeenCalledTimes(1);
  });
});

describe('sheets', () => {
  it('close when the location changes while they are open, even if the page stays', async () => {
    const onClose = vi.fn();
    render(
      <MemoryRouter initialEntries={['/trade']}>
        <PageWithSheet onClose={onClose} />
      </MemoryRouter>,
    );
    expect(screen.getByText('sheet body')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => screen.getByText('go').click());
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
