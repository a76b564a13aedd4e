import { GlobalOutline, UserCircleOutline } from 'antd-mobile-icons';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../api/session';
import { useUserInfo } from '../../../features/account/api/account-queries';
import { AccountCard, VisitorCard } from '../../../features/account/components/account-card';
import { SetupTasks } from '../../../features/account/components/setup-tasks';
import { BrandMark } from '../../../ui/brand-mark';
import { AccountLogEntry } from './account-log-entry';
import { Shortcuts } from './shortcuts';

// The carousel's gesture and animation libraries load after the page itself.
const BannerCarousel = lazy(() =>
  import('../../../features/content/components/banner-carousel').then((m) => ({
    default: m.BannerCarousel,
  })),
);

// Quick buy and the ranked pairs, with the websocket client, also load after the page itself:
// the first route stays within its size budget and the header and account card paint first.
const HomeMarkets = lazy(() =>
  import('../../../features/market/components/home-markets').then((m) => ({
    default: m.HomeMarkets,
  })),
);

/**
 * The home tab: header, who you are (and demo or real), banners, shortcuts, setup tasks, quick coin
 * buy, the ranked trading pairs and the way to the account-change log.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const user = useUserInfo();

  return (
    <div className="home">
      <header className="home__header">
        <span className="home__brand">
          <BrandMark size={28} />
          <span>Tidemark</span>
        </span>
        <span className="home__actions">
          <button
            type="button"
            className="icon-button"
            aria-label={t('home.language')}
            onClick={() => navigate('/pages/setting/language')}
          >
            <GlobalOutline />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={t(token ? 'home.settings' : 'home.logIn')}
            onClick={() => navigate(token ? '/pages/setting/index' : '/pages/other/login')}
          >
            <UserCircleOutline />
          </button>
        </span>
      </header>
      <div className="home__body">
        {token && user.data ? <AccountCard user={user.data} /> : null}
        {token && user.isPending ? (
          <div className="account-card account-card--placeholder" aria-hidden="true" />
        ) : null}
        {!token ? <VisitorCard /> : null}
        <Suspense fallback={<div className="banner banner--placeholder" aria-hidden="true" />}>
          <BannerCarousel />
        </Suspense>
        <Shortcuts />
        {user.data ? <SetupTasks user={user.data} /> : null}
        {token ? <AccountLogEntry /> : null}
        <Suspense
          fallback={<div className="market-card market-card--placeholder" aria-hidden="true" />}
        >
          <HomeMarkets />
        </Suspense>
      </div>
    </div>
  );
}
