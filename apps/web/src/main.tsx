import 'antd-mobile/es/global';
import './styles/tokens.css';
import './styles/app.css';
import './styles/market.css';
import './styles/assets.css';
import './styles/spot.css';
import { BANNER_TYPE } from '@tidemark/contract';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from './api/query-client';
import { App } from './app/app';
import { HOME_PAGE } from './app/routes';
import { applySavedTheme } from './app/theme';
import { bannersInPage, bannersQuery } from './features/content/api/content-queries';
import { productsQuery } from './features/market/api/products';
import { tickersQuery } from './features/market/api/tickers';
import { initI18n, savedLanguage } from './ui/i18n';
import { preloadToast } from './ui/toast';

// antd-mobile renders toasts and dialogs with React 18's API unless told how to on React 19.
unstableSetRender((node, container) => {
  const root = createRoot(container);
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
  };
});

applySavedTheme();
// Opening on home (the same test as public/theme.js): its market list asks for its data as the
// entry starts, beside the language pack, instead of one round trip after its chunks arrived and
// rendered (the list reads the same cached queries); and the first render waits for the page's
// chunk (preloaded by index.html), so that it is the whole page drawn over the first paint the
// server sent (app/first-paint.tsx), never an empty frame between the two.
const openingOnHome = /^#?\/?(?:pages\/index\/index)?(?:[?].*)?$/.test(window.location.hash);
if (openingOnHome) {
  void queryClient.prefetchQuery(tickersQuery());
  void queryClient.prefetchQuery(productsQuery());
  // The banners below the market: the largest paint when few pairs are ranked above them. The
  // server sends them in the page (theme.js has preloaded the first image); else they are asked for.
  const banners = bannersQuery(BANNER_TYPE.home, savedLanguage());
  const inPage = bannersInPage(savedLanguage());
  if (inPage) queryClient.setQueryData(banners.queryKey, inPage);
  else void queryClient.prefetchQuery(banners);
}

async function start(): Promise<void> {
  await Promise.all([
    initI18n(),
    // A failed load is shown by the page host (with Retry) as on any other route.
    openingOnHome ? HOME_PAGE.preload().catch(() => undefined) : null,
  ]);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
// Not a top-level await: the page's chunk imports this one, so this one must finish evaluating
// before that one can (a top-level await on it would wait for itself).
void start();
// The toast chunk (with its animation library) warms at the first touch or key, ahead of the
// request that may answer with a toast; a visitor who only looks never downloads it.
for (const type of ['pointerdown', 'keydown'] as const)
  window.addEventListener(type, preloadToast, { once: true, capture: true, passive: true });
