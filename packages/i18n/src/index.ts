import type en from '../locales/en.json';

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

/** The English pack is the reference: every other pack has exactly its keys. */
export type LocalePack = typeof en;

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
