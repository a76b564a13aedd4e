import { languageInfo, type LanguageCode } from '@tidemark/i18n';

/**
 * How long a trader has been waiting, in the operator's language: minutes under an hour, hours
 * under two days, then days (Intl's unit format, so every language has its own words).
 */
export function waitingText(ms: number, language: LanguageCode): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const [value, unit] =
    minutes < 60
      ? [minutes, 'minute']
      : minutes < 48 * 60
        ? [Math.floor(minutes / 60), 'hour']
        : [Math.floor(minutes / (24 * 60)), 'day'];
  return new Intl.NumberFormat(languageInfo(language).bcp47, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
  }).format(value);
}
