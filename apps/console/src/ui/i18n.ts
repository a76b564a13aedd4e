import {
  DEFAULT_LANGUAGE,
  isLanguageCode,
  languageInfo,
  loadConsolePack,
  loadLocale,
  localiseParams,
  loadPagesPack,
  type LanguageCode,
} from '@tidemark/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/** The console keeps its own choice: an operator may use the trader app in another language. */
export const LANG_KEY = 'console.lang';

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

/**
 * Every text the console shows in one language: its own pack (`console`), the core pack (errors,
 * language names, member tiers) and the pages pack (account-change types and wallet names, as the
 * trader sees them). A desktop tool loads them at once; the trader app never loads the first.
 */
async function loadTexts(code: LanguageCode): Promise<Record<string, unknown>> {
  const [core, pages, own] = await Promise.all([
    loadLocale(code),
    loadPagesPack(code),
    loadConsolePack(code),
  ]);
  return { ...core, ...pages, ...own };
}

/**
 * i18next picks a plural form ("1 request", "2 requests") with Intl.PluralRules for the language
 * code, and the product's codes jp, kr, ft, hd and vn are not BCP 47 tags: Intl would answer the
 * browser's own rules for them. So the rules are asked for with each language's real tag.
 */
function pluralsByLanguageTag(): void {
  const resolver = i18next.services.pluralResolver as {
    getRule: (code: string, options?: object) => Intl.PluralRules | undefined;
  };
  const getRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) =>
    getRule(isLanguageCode(code) ? languageInfo(code).bcp47 : code, options);
}

/** Loads the saved language's texts (and English as the fallback) before the first render. */
export async function initI18n(): Promise<void> {
  const code = savedLanguage();
  const [pack, fallback] = await Promise.all([
    loadTexts(code),
    code === 'en' ? undefined : loadTexts('en'),
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
  pluralsByLanguageTag();
  applyToDocument(code);
}

/** Switches language: loads its pack, keeps the choice, flips the direction for Arabic. */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  if (!i18next.hasResourceBundle(code, 'translation')) {
    i18next.addResourceBundle(code, 'translation', await loadTexts(code));
  }
  await i18next.changeLanguage(code);
  localStorage.setItem(LANG_KEY, code);
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
