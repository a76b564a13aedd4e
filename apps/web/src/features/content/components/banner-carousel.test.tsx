import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Banner } from '@tidemark/contract';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteRegistry } from '../../../ui/route-registry';

const banner = (id: number, link: string): Banner => ({
  id,
  bannerType: 1,
  title: `Banner ${id}`,
  imageUrl: `/banners/${id}.svg`,
  link,
});
let banners: Banner[] = [];
vi.mock('../../../api/client', () => ({ request: async () => banners }));

const { BannerCarousel } = await import('./banner-carousel');

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RouteRegistry.Provider value={(path) => path === '/pages/login/register'}>
          <Routes>
            <Route path="/" element={<BannerCarousel />} />
            <Route path="/pages/login/register" element={<p>register page</p>} />
          </Routes>
        </RouteRegistry.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  banners = [banner(1, ''), banner(2, '#/pages/login/register'), banner(3, '#/pages/nowhere')];
});
afterEach(cleanup);

describe('the home banners', () => {
  it('shows every banner as a slide with one dot each, the first one current', async () => {
    const { container } = show();
    expect(await screen.findByAltText('Banner 1')).toBeTruthy();
    expect(screen.getAllByRole('button')).toHaveLength(3);
    const dots = container.querySelectorAll('.banner__dot');
    expect(dots).toHaveLength(3);
    expect(dots[0]?.classList.contains('banner__dot--active')).toBe(true);
    // Relative to the app, so the app works below any path.
    expect(screen.getByAltText('Banner 2').getAttribute('src')).toBe('./banners/2.svg');
  });

  it('follows the scroll position with its dots', async () => {
    const { container } = show();
    await screen.findByAltText('Banner 1');
    const track = container.querySelector('.banner__track') as HTMLDivElement;
    Object.defineProperty(track, 'clientWidth', { value: 320 });
    track.scrollLeft = 640;
    act(() => void fireEvent.scroll(track));
    const dots = container.querySelectorAll('.banner__dot');
    expect(dots[2]?.classList.contains('banner__dot--active')).toBe(true);
  });

  it('opens an in-app link, and does nothing for a page that does not exist yet', async () => {
    show();
    fireEvent.click(await screen.findByRole('button', { name: /Banner 3/ }));
    expect(screen.queryByText('register page')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Banner 2/ }));
    expect(await screen.findByText('register page')).toBeTruthy();
  });

  it('shows nothing, not even dots, without banners; a single one has no dots', async () => {
    banners = [];
    const empty = show();
    await waitFor(() => expect(empty.container.querySelector('.banner--placeholder')).toBeNull());
    expect(empty.container.querySelector('.banner__track')).toBeNull();
    empty.unmount();
    banners = [banner(1, '')];
    const single = show();
    await screen.findByAltText('Banner 1');
    expect(single.container.querySelector('.banner__dot')).toBeNull();
  });

  it('moves to the next slide every few seconds, back to the first after the last, not while held', async () => {
    const { container } = show();
    await screen.findByAltText('Banner 1');
    const track = container.querySelector('.banner__track') as HTMLDivElement;
    Object.defineProperty(track, 'clientWidth', { value: 320 });
    const moves: ScrollToOptions[] = [];
    track.scrollTo = ((options: ScrollToOptions) => {
      moves.push(options);
      track.scrollLeft = options.left ?? 0;
    }) as typeof track.scrollTo;
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      // The interval started before the clock was faked: a hold and a release start a new one.
      act(() => void fireEvent.pointerEnter(container.querySelector('.banner')!));
      act(() => void fireEvent.pointerLeave(container.querySelector('.banner')!));
      act(() => void vi.advanceTimersByTime(4_500));
      expect(moves).toEqual([{ left: 320, behavior: 'smooth' }]);
      act(() => void vi.advanceTimersByTime(4_500));
      act(() => void vi.advanceTimersByTime(4_500));
      expect(moves.at(-1)).toEqual({ left: 0, behavior: 'auto' });
      // A finger on the banner holds it where it is.
      act(() => void fireEvent.touchStart(track));
      act(() => void vi.advanceTimersByTime(20_000));
      expect(moves).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
