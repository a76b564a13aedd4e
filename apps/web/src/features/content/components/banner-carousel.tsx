import Swiper from 'antd-mobile/es/components/swiper';
import { useNavigate } from 'react-router';
import { useRouteExists } from '../../../ui/route-registry';
import { useBanners } from '../api/content-queries';

/** The home banners; an in-app link opens its page, an external one a new tab. */
export function BannerCarousel() {
  const banners = useBanners();
  const navigate = useNavigate();
  const exists = useRouteExists();
  const list = banners.data ?? [];
  if (banners.isPending) return <div className="banner banner--placeholder" aria-hidden="true" />;
  if (list.length === 0) return null;

  const open = (link: string) => {
    if (link.startsWith('#/')) {
      const path = link.slice(1);
      if (exists(path)) navigate(path);
    } else if (/^https:\/\//.test(link)) {
      window.open(link, '_blank', 'noopener');
    }
  };

  return (
    <Swiper
      className="banner"
      autoplay
      autoplayInterval={4500}
      loop={list.length > 1}
      indicatorProps={{ className: 'banner__dots' }}
    >
      {list.map((banner) => (
        <Swiper.Item key={banner.id}>
          <button type="button" className="banner__item" onClick={() => open(banner.link)}>
            <img src={banner.imageUrl.replace(/^\//, './')} alt={banner.title} loading="lazy" />
          </button>
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
