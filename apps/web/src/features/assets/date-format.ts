import { languageInfo, type LanguageCode } from '@tidemark/i18n';

/**
 * Date and time of a record in the user's language. Digits stay Latin in every language, as the
 * amounts beside them are (SPEC.md section 1 groups numbers with commas everywhere), so an Arabic
 * row does not mix two digit systems.
 */
export function recordDateFormat(code: LanguageCode): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(languageInfo(code).bcp47, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    numberingSystem: 'latn',
  });
}
