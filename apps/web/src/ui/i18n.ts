import {
  DEFAULT_LANGUAGE,
  isLanguageCode,
  languageInfo,
  loadLocale,
  localiseParams,
  loadPagesPack,
  type LanguageCode,
} from '@tidemark/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStored, writeStored } from './stored';

export const LANG_KEY = 'lang';

export function savedLanguage(): LanguageCode {
  const saved = readStored(LANG_KEY);
  return isLanguageCode(saved) ? saved : DEFAULT_LANGUAGE;
}

/**
 * The chosen language also goes in a cookie: the server reads it to preload that language's pack
 * with index.html (apps/server/src/http/built-app.ts), one round trip sooner than the app asks.
 */
function rememberForServer(code: LanguageCode): void {
  try {
    document.cookie = `${LANG_KEY}=${code}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // cookies blocked: the server preloads the default language instead
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
  if (isLanguageCode(readStored(LANG_KEY))) rememberForServer(code);
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

/** Languages whose pages pack has been merged into their texts (or is being loaded). */
const pagesTexts = new Map<LanguageCode, Promise<void>>();

function addPagesTexts(code: LanguageCode): Promise<void> {
  let loading = pagesTexts.get(code);
  if (!loading) {
    loading = loadPagesPack(code).then((pack) => {
      // Deep-merged into the core texts: keys keep their sections (t('deposit.title')).
      i18next.addResourceBundle(code, 'translation', pack, true, false);
    });
    // A failed load is tried again by the next page that needs it.
    loading.catch(() => pagesTexts.delete(code));
    pagesTexts.set(code, loading);
  }
  return loading;
}

/**
 * The texts of every page but home (the pages pack of the current language, and English as the
 * fallback): a page chunk waits for them, so the first route loads only the core pack.
 */
export async function ensurePagesTexts(): Promise<void> {
  const code = currentLanguage();
  await Promise.all([addPagesTexts(code), code === 'en' ? undefined : addPagesTexts('en')]);
}

/** Switches language: loads its pack, keeps the choice in localStorage, flips the direction. */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  if (!i18next.hasResourceBundle(code, 'translation')) {
    i18next.addResourceBundle(code, 'translation', await loadLocale(code));
  }
  // Pages already shown need their texts in the new language before it switches.
  if (pagesTexts.size > 0) await addPagesTexts(code);
  await i18next.changeLanguage(code);
  writeStored(LANG_KEY, code);
  rememberForServer(code);
  applyToDocument(code);
}

export function currentLanguage(): LanguageCode {
  const lng = i18next.language;
  return isLanguageCode(lng) ? lng : DEFAULT_LANGUAGE;
}

/** A message's parameters as the current language shows them (a country code becomes its name). */
export function messageParams(
  params: Readonly<Record<string, string | number>> | undefined,
): Readonly<Record<string, string | number>> {
  return localiseParams(params ?? {}, languageInfo(currentLanguage()).bcp47);
}

/** SPEC.md section 7: cnMsg for zh and ft, enMsg otherwise. */
export function usesChineseMessages(code: LanguageCode = currentLanguage()): boolean {
  return code === 'zh' || code === 'ft';
}

export { i18next };
