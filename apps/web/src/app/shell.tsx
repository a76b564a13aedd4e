import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { useCloseOverlaysOnNavigate } from '../ui/overlays';
import { RouteRegistry } from '../ui/route-registry';
import { useLanguageSync } from '../features/content/api/language-sync';
import { LeverageCloseNotice } from '../features/leverage/components/close-notice';
import { useMergeVisitorChat } from '../features/support/api/merge-visitor';
import { useOnlineHeartbeat } from './online';
import { routeExists, tabOf, type TabKey } from './routes';
import { AppTabBar } from './tab-bar';

type Motion = 'none' | 'forward' | 'back';

interface Shown {
  path: string;
  tab: TabKey | undefined;
  motion: Motion;
}

/**
 * The app column: the current page with the spec's transition (slide in from the end on forward
 * navigation, the reverse after a browser back; none between tabs or on first paint), the tab
 * bar on tab pages, and the notice of a position the server closed, whatever the page.
 */
export function Shell() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const tab = tabOf(location.pathname);
  const [shown, setShown] = useState<Shown>({ path: location.pathname, tab, motion: 'none' });

  // A new page: decide its transition from where we came from (state derived during render).
  if (shown.path !== location.pathname) {
    const betweenTabs = tab !== undefined && shown.tab !== undefined;
    setShown({
      path: location.pathname,
      tab,
      motion: betweenTabs ? 'none' : navigationType === 'POP' ? 'back' : 'forward',
    });
  }

  useOnlineHeartbeat();
  useMergeVisitorChat();
  useLanguageSync();
  useCloseOverlaysOnNavigate();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  return (
    <RouteRegistry.Provider value={routeExists}>
      <div className="app-column">
        <main
          key={location.pathname}
          className={`page page--${shown.motion}${tab ? ' page--tab' : ''}`}
        >
          <Outlet />
        </main>
        {tab ? <AppTabBar active={tab} /> : null}
        <LeverageCloseNotice />
      </div>
    </RouteRegistry.Provider>
  );
}
