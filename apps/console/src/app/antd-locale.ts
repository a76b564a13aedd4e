import type { LanguageCode } from '@tidemark/i18n';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import { useEffect, useState } from 'react';

/** antd's own texts (pagination, pickers, confirm buttons) in the console's language. */
const LOADERS: Record<LanguageCode, (() => Promise<{ default: Locale }>) | null> = {
  en: null,
  zh: () => import('antd/es/locale/zh_CN'),
  ft: () => import('antd/es/locale/zh_TW'),
  jp: () => import('antd/es/locale/ja_JP'),
  kr: () => import('antd/es/locale/ko_KR'),
  de: () => import('antd/es/locale/de_DE'),
  fr: () => import('antd/es/locale/fr_FR'),
  es: () => import('antd/es/locale/es_ES'),
  ar: () => import('antd/es/locale/ar_EG'),
  hd: () => import('antd/es/locale/hi_IN'),
  vn: () => import('antd/es/locale/vi_VN'),
};

export function useAntdLocale(language: LanguageCode): Locale {
  const [loaded, setLoaded] = useState<{ language: LanguageCode; locale: Locale } | null>(null);
  useEffect(() => {
    const load = LOADERS[language];
    if (!load) return;
    let current = true;
    void load().then((m) => current && setLoaded({ language, locale: m.default }));
    return () => {
      current = false;
    };
  }, [language]);
  return loaded?.language === language ? loaded.locale : enUS;
}
