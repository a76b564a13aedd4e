import type en from '../locales/en.json';
import type enConsole from '../locales/console/en.json';
import type enPages from '../locales/pages/en.json';

/** The eleven language packs of SPEC.md section 1, by the codes the product uses. */
export const LANGUAGE_CODES = [
  'zh',
  'en',
  'ft',
  'jp',
  'de',
  'kr',
  'fr',
  'es',
  'ar',
  'hd',
  'vn',
] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';

export interface LanguageInfo {
  code: LanguageCode;
  /** The language's own name, shown in the language picker. */
  nativeName: string;
  /** BCP 47 tag for Intl (dates, country names) and the html lang attribute. */
  bcp47: string;
  dir: 'ltr' | 'rtl';
}

export const LANGUAGES: readonly LanguageInfo[] = [
  { code: 'en', nativeName: 'English', bcp47: 'en', dir: 'ltr' },
  { code: 'zh', nativeName: '简体中文', bcp47: 'zh-CN', dir: 'ltr' },
  { code: 'ft', nativeName: '繁體中文', bcp47: 'zh-TW', dir: 'ltr' },
  { code: 'jp', nativeName: '日本語', bcp47: 'ja', dir: 'ltr' },
  { code: 'kr', nativeName: '한국어', bcp47: 'ko', dir: 'ltr' },
  { code: 'de', nativeName: 'Deutsch', bcp47: 'de', dir: 'ltr' },
  { code: 'fr', nativeName: 'Français', bcp47: 'fr', dir: 'ltr' },
  { code: 'es', nativeName: 'Español', bcp47: 'es', dir: 'ltr' },
  { code: 'ar', nativeName: 'العربية', bcp47: 'ar', dir: 'rtl' },
  { code: 'hd', nativeName: 'हिन्दी', bcp47: 'hi', dir: 'ltr' },
  { code: 'vn', nativeName: 'Tiếng Việt', bcp47: 'vi', dir: 'ltr' },
];

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

export function languageInfo(code: LanguageCode): LanguageInfo {
  return LANGUAGES.find((l) => l.code === code) ?? LANGUAGES[0]!;
}

/**
 * The English pack is the reference: every other pack has exactly its keys. Each language has a
 * core pack (locales/<code>.json: the shell, the home tab, errors; loaded before the first render)
 * and a pages pack (locales/pages/<code>.json: the sections of the other pages, loaded with the
 * first of them), so the first route stays light as pages are added.
 */
/**
 * A pack's shape without the plural forms only some languages have: a text that depends on a
 * count is "x_one" and "x_other" in English but "x_other" alone in Chinese (i18next plurals), so
 * the shape every pack shares keeps only "x_other".
 */
type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many';
type SharedShape<T> = {
  [K in keyof T as K extends `${string}_${PluralForm}` ? never : K]: T[K] extends string
    ? T[K]
    : SharedShape<T[K]>;
};

export type LocalePack = SharedShape<typeof en>;
export type PagesPack = SharedShape<typeof enPages>;
/** The operator console's texts (locales/console/<code>.json), loaded by the console only. */
export type ConsolePack = SharedShape<typeof enConsole>;

/** Loads one pack; each is its own chunk in the web build. */
export async function loadLocale(code: LanguageCode): Promise<LocalePack> {
  const loaders: Record<LanguageCode, () => Promise<{ default: LocalePack }>> = {
    en: () => import('../locales/en.json'),
    zh: () => import('../locales/zh.json'),
    ft: () => import('../locales/ft.json'),
    jp: () => import('../locales/jp.json'),
    de: () => import('../locales/de.json'),
    kr: () => import('../locales/kr.json'),
    fr: () => import('../locales/fr.json'),
    es: () => import('../locales/es.json'),
    ar: () => import('../locales/ar.json'),
    hd: () => import('../locales/hd.json'),
    vn: () => import('../locales/vn.json'),
  };
  return (await loaders[code]()).default;
}

/** Loads one language's pages pack (the sections of every page but home); its own chunk. */
export async function loadPagesPack(code: LanguageCode): Promise<PagesPack> {
  const loaders: Record<LanguageCode, () => Promise<{ default: PagesPack }>> = {
    en: () => import('../locales/pages/en.json'),
    zh: () => import('../locales/pages/zh.json'),
    ft: () => import('../locales/pages/ft.json'),
    jp: () => import('../locales/pages/jp.json'),
    de: () => import('../locales/pages/de.json'),
    kr: () => import('../locales/pages/kr.json'),
    fr: () => import('../locales/pages/fr.json'),
    es: () => import('../locales/pages/es.json'),
    ar: () => import('../locales/pages/ar.json'),
    hd: () => import('../locales/pages/hd.json'),
    vn: () => import('../locales/pages/vn.json'),
  };
  return (await loaders[code]()).default;
}

/** Loads one language's console pack (the `console` section); never part of the trader app. */
export async function loadConsolePack(code: LanguageCode): Promise<ConsolePack> {
  const loaders: Record<LanguageCode, () => Promise<{ default: ConsolePack }>> = {
    en: () => import('../locales/console/en.json'),
    zh: () => import('../locales/console/zh.json'),
    ft: () => import('../locales/console/ft.json'),
    jp: () => import('../locales/console/jp.json'),
    de: () => import('../locales/console/de.json'),
    kr: () => import('../locales/console/kr.json'),
    fr: () => import('../locales/console/fr.json'),
    es: () => import('../locales/console/es.json'),
    ar: () => import('../locales/console/ar.json'),
    hd: () => import('../locales/console/hd.json'),
    vn: () => import('../locales/console/vn.json'),
  };
  return (await loaders[code]()).default;
}

/**
 * Message parameters as a text in `bcp47` shows them: a `country` parameter travels as its ISO
 * 3166 code, so every language names the country in its own words (Intl), never in the server's.
 */
export function localiseParams<P extends Readonly<Record<string, string | number>>>(
  params: P,
  bcp47: string,
): P {
  const country = params['country'];
  if (typeof country !== 'string' || !/^[A-Z]{2}$/.test(country)) return params;
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames([bcp47], { type: 'region' }).of(country);
  } catch {
    name = undefined;
  }
  return name ? { ...params, country: name } : params;
}

/** Fills `{{name}}` placeholders the way i18next does, for texts used outside React. */
export function interpolate(
  text: string,
  params?: Readonly<Record<string, string | number>>,
): string {
  if (!params) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
