import { QueryClientProvider } from '@tanstack/react-query';
import { languageInfo, type LanguageCode } from '@tidemark/i18n';
import { App as AntdApp, ConfigProvider } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { queryClient } from '../api/query-client';
import { setMessageApi } from '../ui/notify';
import { useAntdLocale } from './antd-locale';
import { AuthGate } from './auth-gate';
import { themeConfig, useTheme } from './theme';

/** Hands antd's themed message API to code outside React (failed mutations). */
function MessageBridge() {
  const { message } = AntdApp.useApp();
  useEffect(() => {
    setMessageApi(message);
    return () => setMessageApi(null);
  }, [message]);
  return null;
}

/**
 * Real paths under /console (BrowserRouter): an operator shares or bookmarks /console/users/42 or
 * /console/withdrawals?status=risk, and the server answers index.html for every client route.
 */
export function App() {
  const { i18n } = useTranslation();
  const language = i18n.language as LanguageCode;
  const locale = useAntdLocale(language);
  const theme = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={locale}
        theme={themeConfig(theme)}
        direction={languageInfo(language).dir}
      >
        <AntdApp>
          <MessageBridge />
          <BrowserRouter basename="/console">
            <AuthGate />
          </BrowserRouter>
        </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
