import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useRouteExists } from '../../../ui/route-registry';
import { useBanners } from '../api/content-queries';

const AUTOPLAY_MS = 4500;

/**
 * The home banners, one slide at a time: the browser's own scroll snapping moves them (swipe,
 * wheel, keyboard), so the carousel needs no animation or gesture library. Slides advance every
 * 4.5 s unless the user is touching or pointing at them, or motion is reduced. An in-app link
 * opens its page, an external one a new tab.
 */
export function BannerCarousel() {
  const banners = useBanners();
  const navigate = useNavigate();
  const exists = useRouteExists();
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const [held, setHeld] = useState(false);
  const list = banners.data ?? [];
  const count = list.length;

  // Which slide is in view follows the scroll position (in RTL it runs negative).
  const onScroll = () => {
    const el = track.current;
    if (!el || el.clientWidth === 0) return;
    setCurrent(Math.min(count - 1, Math.round(Math.abs(el.scrollLeft) / el.clientWidth)));
  };

  useEffect(() => {
    if (count < 2 || held) return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => {
      const el = track.current;
      if (!el || document.hidden) return;
      const next = (Math.round(Math.abs(el.scrollLeft) / el.clientWidth) + 1) % count;
      const sign = getComputedStyle(el).direction === 'rtl' ? -1 : 1;
      // From the last slide back to the first in one step rather than a long rewind.
      el.scrollTo({ left: sign * next * el.clientWidth, behavior: next === 0 ? 'auto' : 'smooth' });
    }, AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [count, held]);

  if (banners.isPending) return <div className="banner banner--placeholder" aria-hidden="true" />;
  if (count === 0) return null;

  const open = (link: string) => {
    if (link.startsWith('#/')) {
      const path = link.slice(1);
      if (exists(path)) navigate(path);
    } else if (/^https:\/\//.test(link)) {
      window.open(link, '_blank', 'noopener');
    }
  };

  return (
    <div
      className="banner"
      role="region"
      aria-roledescription="carousel"
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onTouchStart={() => setHeld(true)}
      onTouchEnd={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <div className="banner__track" ref={track} onScroll={onScroll}>
        {list.map((banner, i) => (
          <button
            key={banner.id}
            type="button"
            className="banner__item"
            aria-roledescription="slide"
            aria-label={`${banner.title} (${i + 1}/${count})`}
            onClick={() => open(banner.link)}
          >
            <img
              src={banner.imageUrl.replace(/^\//, './')}
              alt={banner.title}
              loading={i === 0 ? 'eager' : 'lazy'}
              draggable={false}
            />
          </button>
        ))}
      </div>
      {count > 1 ? (
        <div className="banner__dots" aria-hidden="true">
          {list.map((banner, i) => (
            <span
              key={banner.id}
              className={i === current ? 'banner__dot banner__dot--active' : 'banner__dot'}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
