import 'antd-mobile/es/global';
import './styles/tokens.css';
import './styles/app.css';
import './styles/market.css';
import './styles/assets.css';
import './styles/spot.css';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from './api/query-client';
import { App } from './app/app';
import { applySavedTheme } from './app/theme';
import { productsQuery } from './features/market/api/products';
import { tickersQuery } from './features/market/api/tickers';
import { initI18n } from './ui/i18n';
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
// Home's market list asks for its data as the entry starts, beside the language pack, instead of
// one round trip after its chunks arrived and rendered (the list reads the same cached queries).
if (/^#?\/?(?:pages\/index\/index)?(?:[?].*)?$/.test(window.location.hash)) {
  void queryClient.prefetchQuery(tickersQuery());
  void queryClient.prefetchQuery(productsQuery());
}
await initI18n();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
// The toast chunk (with its animation library) warms at the first touch or key, ahead of the
// request that may answer with a toast; a visitor who only looks never downloads it.
for (const type of ['pointerdown', 'keydown'] as const)
  window.addEventListener(type, preloadToast, { once: true, capture: true, passive: true });
