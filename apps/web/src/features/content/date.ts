import { languageInfo, type LanguageCode } from '@tidemark/i18n';

/** A content date (mail, announcement) in the app's language, with latin digits. */
export function contentDateFormat(code: LanguageCode): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(languageInfo(code).bcp47, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    numberingSystem: 'latn',
  });
}
