import {
  DEFAULT_LANGUAGE,
  isLanguageCode,
  languageInfo,
  loadLocale,
  type LanguageCode,
} from '@tidemark/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANG_KEY = 'lang';

export function savedLanguage(): LanguageCode {
  try {
    const saved = localStorage.getItem(LANG_KEY);
    return isLanguageCode(saved) ? saved : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function applyToDocument(code: LanguageCode): void {
  const info = languageInfo(code);
  document.documentElement.lang = info.bcp47;
  document.documentElement.dir = info.dir;
}

/** Loads the saved language's pack (and English as the fallback) before the first render. */
export async function initI18n(): Promise<void> {
  const code = savedLanguage();
  const [pack, fallback] = await Promise.all([
    loadLocale(code),
    code === 'en' ? undefined : loadLocale('en'),
  ]);
  await i18next.use(initReactI18next).init({
    lng: code,
    fallbackLng: 'en',
    resources: {
      [code]: { translation: pack },
      ...(fallback ? { en: { translation: fallback } } : {}),
    },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyToDocument(code);
}

/** Switches language: loads its pack, keeps the choice in localStorage, flips the direction. */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  if (!i18next.hasResourceBundle(code, 'translation')) {
    i18next.addResourceBundle(code, 'translation', await loadLocale(code));
  }
  await i18next.changeLanguage(code);
  localStorage.setItem(LANG_KEY, code);
  applyToDocument(code);
}

export function currentLanguage(): LanguageCode {
  const lng = i18next.language;
  return isLanguageCode(lng) ? lng : DEFAULT_LANGUAGE;
}

/** SPEC.md section 7: cnMsg for zh and ft, enMsg otherwise. */
export function usesChineseMessages(code: LanguageCode = currentLanguage()): boolean {
  return code === 'zh' || code === 'ft';
}

export { i18next };
