/**
 * Home's first paint for a new visitor, rendered at build time by the app's own components
 * (scripts/first-paint.mjs, one per language) and sent inside index.html by the server: the
 * header, the visitor card, the market list waiting for its rows and the tab bar show as soon as
 * the page and its stylesheet arrive, before the scripts. The app then renders the same page over
 * it (main.tsx waits for the home chunk so that its first render is the whole page); theme.js
 * hides it where the app will show something else (a signed-in trader, another page, another
 * language than the one it was sent in).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LANGUAGE_CODES, loadLocale, type LanguageCode } from '@tidemark/i18n';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import enUS from 'antd-mobile/es/locales/en-US';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import HomePage from '../pages/index/index/page';
import { i18next } from '../ui/i18n';
import { initReactI18next } from 'react-i18next';
import { Shell } from './shell';

/** The attribute marking the first paint's root (theme.js and app.css hide it where it is wrong). */
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';

/** Every language's first paint of home, as the app's first render shows it to a visitor. */
export async function renderFirstPaints(): Promise<Record<LanguageCode, string>> {
  const resources = await Promise.all(
    LANGUAGE_CODES.map(async (code) => [code, { translation: await loadLocale(code) }] as const),
  );
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: Object.fromEntries(resources),
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const out = {} as Record<LanguageCode, string>;
  for (const code of LANGUAGE_CODES) {
    await i18next.changeLanguage(code);
    const html = renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <ConfigProvider locale={enUS}>
          <MemoryRouter initialEntries={['/']}>
            <Routes>
              <Route element={<Shell />}>
                <Route path="/" element={<HomePage />} />
              </Route>
            </Routes>
          </MemoryRouter>
        </ConfigProvider>
      </QueryClientProvider>,
    );
    if (!html.startsWith('<div class="app-column">'))
      throw new Error(`home's first paint starts with ${html.slice(0, 40)}`);
    // inert: nothing in it reacts before the app has replaced it (a tap on "Log in" waits for the
    // real button), and it is out of the accessibility tree meanwhile.
    out[code] = html.replace(
      '<div class="app-column">',
      `<div class="app-column" ${FIRST_PAINT_ATTRIBUTE}="" inert="">`,
    );
  }
  return out;
}
