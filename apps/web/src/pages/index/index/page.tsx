import { GlobalOutline, UserCircleOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../api/session';
import { useUserInfo } from '../../../features/account/api/account-queries';
import { AccountCard, VisitorCard } from '../../../features/account/components/account-card';
import { HomeMarkets } from '../../../features/market/components/home-markets';
import { BrandMark } from '../../../ui/brand-mark';

// The market list is part of the page (first screen after the account card): vite.config.ts puts
// both in one chunk that index.html preloads with the shell, and the entry asks for its data.

// The mailbox (its unread count, the live socket) comes after the first paint too.
const MailButton = lazy(() =>
  import('../../../features/content/components/mail-button').then((m) => ({
    default: m.MailButton,
  })),
);

// Banners, shortcuts and the set-up list sit below the fold at 360 x 740: they load after the
// first paint, so they never delay it.
const BelowFold = lazy(() => import('./below-fold'));

/** False for the first paint, true right after it. */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    // A frame callback runs just before the next paint; a task queued from it, just after.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return painted;
}

/**
 * The home tab: header, who you are (and demo or real), the ranked trading pairs and quick coin
 * buy on the first screen, then banners, shortcuts, set-up tasks and the way to the account-change
 * log.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const user = useUserInfo();
  const painted = usePainted();
  const laterPlaceholder = <div className="banner banner--placeholder" aria-hidden="true" />;

  return (
    <div className="home">
      <header className="home__header">
        <span className="home__brand">
          <BrandMark size={28} />
          <span>Tidemark</span>
        </span>
        <span className="home__actions">
          {token && painted ? (
            <Suspense fallback={null}>
              <MailButton />
            </Suspense>
          ) : null}
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
        <HomeMarkets />
        {painted ? (
          <Suspense fallback={laterPlaceholder}>
            <BelowFold user={user.data} signedIn={!!token} />
          </Suspense>
        ) : (
          laterPlaceholder
        )}
      </div>
    </div>
  );
}
