import { QueryClientProvider } from '@tanstack/react-query';
import type { LanguageCode } from '@tidemark/i18n';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import enUS from 'antd-mobile/es/locales/en-US';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HashRouter, Route, Routes } from 'react-router';
import { queryClient } from '../api/query-client';
import { PageHost } from './page-host';
import { Redirect } from './redirect';
import { ROUTES } from './routes';
import { Shell } from './shell';

/** Hash routes of SPEC.md section 2 (declarative mode: the data router's loaders are not needed). */
function AppRoutes() {
  return (
    <Routes>
      <Route element={<Shell />}>
        {ROUTES.map((route) => (
          <Route
            key={route.path}
            path={route.path}
            element={<PageHost page={route.page} auth={route.auth ?? false} />}
          />
        ))}
        {/* A page that does not exist sends the user to the home tab. */}
        <Route path="*" element={<Redirect to="/" />} />
      </Route>
    </Routes>
  );
}

type AdmLocale = typeof enUS;

/** antd-mobile's own texts (pickers, dialogs) in the app's language; Hindi has none, so English. */
const ADM_LOCALES: Record<LanguageCode, (() => Promise<{ default: AdmLocale }>) | null> = {
  en: null,
  hd: null,
  zh: () => import('antd-mobile/es/locales/zh-CN'),
  ft: () => import('antd-mobile/es/locales/zh-TW'),
  jp: () => import('antd-mobile/es/locales/ja-JP'),
  kr: () => import('antd-mobile/es/locales/ko-KR'),
  de: () => import('antd-mobile/es/locales/de-DE'),
  fr: () => import('antd-mobile/es/locales/fr-FR'),
  es: () => import('antd-mobile/es/locales/es-ES'),
  ar: () => import('antd-mobile/es/locales/ar-SA'),
  vn: () => import('antd-mobile/es/locales/vi-VN'),
};

function useAdmLocale(): AdmLocale {
  const { i18n } = useTranslation();
  const language = i18n.language as LanguageCode;
  const [loaded, setLoaded] = useState<{ language: string; locale: AdmLocale } | null>(null);
  useEffect(() => {
    const load = ADM_LOCALES[language];
    if (!load) return;
    let current = true;
    void load().then((m) => current && setLoaded({ language, locale: m.default }));
    return () => {
      current = false;
    };
  }, [language]);
  return loaded?.language === language ? loaded.locale : enUS;
}

export function App() {
  const locale = useAdmLocale();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale}>
        <HashRouter>
          <AppRoutes />
        </HashRouter>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
