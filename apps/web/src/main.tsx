import 'antd-mobile/es/global';
import './styles/tokens.css';
import './styles/app.css';
import './styles/market.css';
import './styles/assets.css';
import './styles/spot.css';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applySavedTheme } from './app/theme';
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
